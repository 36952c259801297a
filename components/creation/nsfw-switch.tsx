"use client";

import { useId } from "react";

/** The 18+ flag as a switch (role="switch", Space or Enter toggles it). */
export function NsfwSwitch({ checked, onChange }: { checked: boolean; onChange: (next: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="flex flex-col">
        <span id={`${id}-label`} className="text-sm font-medium">
          18+ (NSFW)
        </span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          Shown only to visitors who confirmed their age and turned on 18+ characters.
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!checked)}
        className={
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors " +
          "outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 " +
          "focus-visible:ring-offset-background " +
          (checked ? "bg-primary" : "bg-muted-foreground/40")
        }
      >
        <span
          aria-hidden="true"
          className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5" : "translate-x-0"}`}
        />
      </button>
    </div>
  );
}
