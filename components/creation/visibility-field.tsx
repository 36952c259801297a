"use client";

import { useId, type InputHTMLAttributes } from "react";
import type { Visibility } from "@/lib/validation/character-rules";

const OPTIONS: { value: Visibility; label: string; hint: string }[] = [
  { value: "public", label: "Public", hint: "in lists, search and your profile" },
  { value: "unlisted", label: "Unlisted", hint: "anyone with the link" },
  { value: "private", label: "Private", hint: "only you" },
];

/** Who can see the character: a radio group. `input` is the registered radio's props. */
export function VisibilityField({ input }: { input: InputHTMLAttributes<HTMLInputElement> }) {
  const id = useId();
  return (
    <fieldset role="radiogroup" aria-labelledby={`${id}-legend`} className="flex flex-col gap-2">
      <legend id={`${id}-legend`} className="mb-1.5 text-sm font-medium">
        Visibility
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer flex-col rounded-lg border border-border px-3 py-2 text-sm transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            <input type="radio" value={option.value} className="sr-only" {...input} />
            <span className="font-medium">{option.label}</span>
            <span className="text-xs text-muted-foreground">{option.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
