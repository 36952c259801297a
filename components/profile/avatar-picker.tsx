"use client";

import { useId, useRef, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { UPLOAD_ACCEPT } from "@/lib/files/upload-image";
import { safeImageSrc } from "@/lib/format/safe-image-src";
import { useImageUpload } from "@/components/files/use-image-upload";

export interface AvatarPickerProps {
  /** The avatar's URL, "" for none. */
  value: string;
  /** For the initial shown when there is no avatar. */
  name: string;
  onChange: (url: string) => void;
  /** Told when an upload starts and ends (the form waits for it before saving). */
  onBusyChange?: (busy: boolean) => void;
}

/** Choose, upload and preview an avatar (a square 512 px copy made by the server), or remove it. */
export function AvatarPicker({ value, name, onChange, onBusyChange }: AvatarPickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { state, upload, reset } = useImageUpload(onChange);
  const uploading = state.status === "uploading";
  const src = safeImageSrc(value);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again fires another change.
    event.target.value = "";
    if (!file) return;
    onBusyChange?.(true);
    try {
      await upload(file);
    } finally {
      onBusyChange?.(false);
    }
  };

  const remove = () => {
    reset();
    onChange("");
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex items-center gap-4">
      <div className="relative size-20 shrink-0 overflow-hidden rounded-xl border border-border bg-muted">
        {src ? (
          // eslint-disable-next-line @next/next/no-img-element -- a verified upload from our origin or S3_PUBLIC_URL
          <img src={src} alt="Your avatar" className="size-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-full place-items-center bg-primary text-2xl font-bold text-primary-foreground"
          >
            {(name.trim()[0] ?? "?").toUpperCase()}
          </span>
        )}
        {uploading ? (
          <span className="absolute inset-0 grid place-items-center bg-background/70">
            <Spinner label="Uploading image…" />
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <span id={`${id}-label`} className="text-sm font-medium">
          Avatar
        </span>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={uploading}
            aria-describedby={[hintId, state.status === "error" ? errorId : null].filter(Boolean).join(" ")}
            onClick={() => inputRef.current?.click()}
          >
            {value ? "Change image" : "Upload image"}
          </Button>
          {value ? (
            <Button variant="ghost" size="sm" disabled={uploading} onClick={remove}>
              Remove
            </Button>
          ) : null}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          PNG, JPEG or WebP, up to 8 MB.
        </p>
        {state.status === "error" ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {state.message}
          </p>
        ) : null}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-file"
        onChange={choose}
      />
    </div>
  );
}
