"use client";

import { useId, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { LOREBOOK_LIMITS } from "@/lib/validation/lorebook-rules";

const INPUT_CLASS =
  "h-11 w-full min-w-0 rounded-lg border border-border bg-background px-3 text-base text-foreground sm:text-sm " +
  "placeholder:text-muted-foreground outline-none transition-colors hover:border-muted-foreground/40 " +
  "focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/40 aria-[invalid=true]:border-destructive";

/** Splits typed or pasted text at commas and line breaks into trimmed keys. */
function splitKeys(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((k) => k.trim())
    .filter(Boolean);
}

/**
 * A list of keys as chips: typing a comma or Enter (or leaving the field) adds what was typed, a pasted list is
 * split at its commas, each chip has its own Remove button, and Backspace in the empty field removes the last one.
 */
export function KeyChipsField({
  label,
  hint,
  keys,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  keys: string[];
  error?: string;
  onChange: (keys: string[]) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const full = keys.length >= LOREBOOK_LIMITS.keysPerEntry;

  const add = (text: string) => {
    const next = [...keys];
    for (const key of splitKeys(text)) {
      const cut = key.slice(0, LOREBOOK_LIMITS.key);
      if (!next.includes(cut) && next.length < LOREBOOK_LIMITS.keysPerEntry) next.push(cut);
    }
    if (next.length !== keys.length) onChange(next);
    setTyped("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add(typed);
    } else if (event.key === "Backspace" && typed === "" && keys.length > 0) {
      onChange(keys.slice(0, -1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData("text");
    if (!/[,\n]/.test(text)) return;
    event.preventDefault();
    add(typed + text);
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {keys.length}/{LOREBOOK_LIMITS.keysPerEntry}
        </span>
      </div>
      <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
        {hint}
      </p>
      {keys.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {keys.map((key) => (
            <li
              key={key}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-0.5 pl-3 text-sm"
            >
              <span className="min-w-0 break-all">{key}</span>
              <button
                type="button"
                aria-label={`Remove key ${key}`}
                onClick={() => onChange(keys.filter((k) => k !== key))}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  className="size-3.5"
                >
                  <path d="M18 6 6 18M6 6l12 12" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={`${id}-input`}
        aria-label={`Add to ${label.toLowerCase()}`}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        placeholder={full ? "No more keys" : "Type a key, then Enter or a comma"}
        disabled={full}
        maxLength={LOREBOOK_LIMITS.key}
        value={typed}
        autoComplete="off"
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => (typed.trim() ? add(typed) : undefined)}
        className={INPUT_CLASS}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
