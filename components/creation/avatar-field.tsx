"use client";

import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { shownAvatar } from "@/lib/creation/character-form";
import { safeImageSrc } from "@/lib/format/safe-image-src";
import type { ImageUploadState } from "@/components/files/use-image-upload";

/**
 * The avatar: a square preview (the generated one until an image is chosen), a labelled file button, a spinner
 * while the upload runs, its error, and Remove (back to the generated avatar).
 */
export function AvatarField({
  avatar,
  name,
  state,
  error,
  onFile,
  onRemove,
}: {
  avatar: string;
  name: string;
  state: ImageUploadState;
  /** A server error about the avatar. */
  error?: string;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const message = state.status === "error" ? state.message : error;
  const uploading = state.status === "uploading";
  return (
    <div className="flex flex-col gap-1.5" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm font-medium">
        Avatar
      </span>
      <div className="flex items-center gap-4">
        <div className="relative size-24 shrink-0 overflow-hidden rounded-2xl bg-muted">
          {/* eslint-disable-next-line @next/next/no-img-element -- a verified upload or a local SVG */}
          <img
            src={shownAvatar(avatar, name, safeImageSrc)}
            alt={avatar ? "Your avatar" : "Generated avatar"}
            width={96}
            height={96}
            className="size-full object-cover"
            data-testid="avatar-preview"
          />
          {uploading ? (
            <div className="absolute inset-0 flex items-center justify-center bg-background/70">
              <Spinner label="Uploading the image" />
            </div>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col items-start gap-2">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="peer sr-only"
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ""}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) onFile(file);
            }}
          />
          <label
            htmlFor={`${id}-file`}
            className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-border bg-muted px-4 text-sm font-medium transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background hover:bg-muted/70"
          >
            {avatar ? "Change image" : "Upload an image"}
          </label>
          {avatar ? (
            <Button variant="ghost" size="sm" onClick={onRemove} disabled={uploading}>
              Remove
            </Button>
          ) : null}
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            PNG, JPEG or WebP, up to 8 MB. Shown square.
          </p>
        </div>
      </div>
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
