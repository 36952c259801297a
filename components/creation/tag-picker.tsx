"use client";

import { useId } from "react";
import type { TagChoice } from "@/lib/creation/card-tags";
import { CHARACTER_LIMITS } from "@/lib/validation/character-rules";

/** The catalogue's tags as toggle chips (aria-pressed), at most CHARACTER_LIMITS.tags picked. */
export function TagPicker({
  tags,
  value,
  error,
  onChange,
}: {
  tags: readonly TagChoice[];
  value: readonly string[];
  error?: string;
  onChange: (keys: string[]) => void;
}) {
  const id = useId();
  const max = CHARACTER_LIMITS.tags;
  const full = value.length >= max;
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}>
      <div className="flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          Tags
        </span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground tabular-nums">
          {value.length}/{max}
          <span className="sr-only"> tags picked</span>
        </span>
      </div>
      <ul className="mt-2 flex flex-wrap gap-2">
        {tags.map((tag) => {
          const on = value.includes(tag.key);
          return (
            <li key={tag.key}>
              <button
                type="button"
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => onChange(on ? value.filter((k) => k !== tag.key) : [...value, tag.key])}
                className={
                  "inline-flex h-9 items-center rounded-full border px-3 text-sm transition-colors outline-none " +
                  "focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 " +
                  (on
                    ? "border-primary bg-primary/10 font-medium text-primary"
                    : "border-border hover:border-primary hover:text-primary")
                }
              >
                {tag.name}
              </button>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
