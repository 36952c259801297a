"use client";

import { useId } from "react";
import { TextField } from "@/components/auth/fields";
import { Button } from "@/components/ui/button";
import { LOREBOOK_LIMITS, type LorebookEntry } from "@/lib/validation/lorebook-rules";
import { KeyChipsField } from "./key-chips-field";
import { LabelledSwitch } from "@/components/ui/labelled-switch";
import { TextAreaField } from "./text-area-field";

const L = LOREBOOK_LIMITS;

export type EntryErrors = Partial<
  Record<"keys" | "secondary_keys" | "content" | "insertion_order" | "priority", string>
>;

const SELECT_CLASS =
  "h-11 w-full rounded-lg border border-border bg-background px-3 text-base text-foreground sm:text-sm outline-none " +
  "focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/40";

/** A number field that gives whole numbers (an empty or partial value keeps the last whole one). */
function wholeNumber(text: string, fallback: number): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : fallback;
}

/** One lorebook entry: its keys, text, switches and ordering, folded to a summary line when closed. */
export function LorebookEntryEditor({
  entry,
  index,
  open,
  errors,
  onToggle,
  onChange,
  onRemove,
}: {
  entry: LorebookEntry;
  index: number;
  open: boolean;
  errors: EntryErrors;
  onToggle: (open: boolean) => void;
  onChange: (entry: LorebookEntry) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const set = <K extends keyof LorebookEntry>(key: K, value: LorebookEntry[K]) => onChange({ ...entry, [key]: value });
  const title = entry.name || entry.keys.join(", ") || (entry.constant ? "Always on" : "New entry");
  const hasError = Object.values(errors).some(Boolean);

  return (
    <details
      open={open || hasError}
      onToggle={(e) => onToggle(e.currentTarget.open)}
      className="rounded-xl border border-border bg-card"
      data-testid="lorebook-entry"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2 outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="size-4 shrink-0 transition-transform [[open]>summary>&]:rotate-90"
        >
          <path d="m9 6 6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="min-w-0 flex-1 truncate text-sm font-medium">
          <span className="sr-only">Entry {index + 1}: </span>
          {title}
        </span>
        {!entry.enabled ? (
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">Off</span>
        ) : null}
        {entry.constant ? (
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">Always</span>
        ) : null}
        {hasError ? <span className="text-xs font-medium text-destructive">Needs a fix</span> : null}
      </summary>
      <div className="flex flex-col gap-4 border-t border-border px-4 pt-4 pb-4">
        <TextField
          label="Entry name"
          maxLength={L.entryName}
          count={entry.name.length}
          value={entry.name}
          placeholder="Only shown here"
          onChange={(e) => set("name", e.target.value)}
        />
        <KeyChipsField
          label="Keys"
          hint="The entry goes into the prompt when one of these appears in the newest messages. Plain text: /…/ patterns are not run."
          keys={entry.keys}
          error={errors.keys}
          onChange={(keys) => set("keys", keys)}
        />
        <TextAreaField
          label="Content"
          hint="What the character is told when the entry is used. {{char}} and {{user}} are filled in."
          rows={4}
          maxLength={L.content}
          count={entry.content.length}
          value={entry.content}
          error={errors.content}
          onChange={(e) => set("content", e.target.value)}
        />
        <LabelledSwitch label="Enabled" checked={entry.enabled} onChange={(v) => set("enabled", v)} />
        <LabelledSwitch
          label="Always on"
          hint="In every prompt, keys or not."
          checked={entry.constant}
          onChange={(v) => set("constant", v)}
        />
        <LabelledSwitch
          label="Match case"
          hint="Keys match only in the same letter case."
          checked={entry.case_sensitive}
          onChange={(v) => set("case_sensitive", v)}
        />
        <LabelledSwitch
          label="Needs a second key"
          hint="Used only when one of the second keys appears too."
          checked={entry.selective}
          onChange={(v) => set("selective", v)}
        />
        {entry.selective ? (
          <KeyChipsField
            label="Second keys"
            hint="One of these must appear as well."
            keys={entry.secondary_keys}
            error={errors.secondary_keys}
            onChange={(keys) => set("secondary_keys", keys)}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-position`} className="text-sm font-medium">
              Place
            </label>
            <select
              id={`${id}-position`}
              value={entry.position}
              onChange={(e) => set("position", e.target.value === "before_char" ? "before_char" : "after_char")}
              className={SELECT_CLASS}
            >
              <option value="before_char">Before the persona</option>
              <option value="after_char">After the scenario</option>
            </select>
          </div>
          <TextField
            label="Order"
            type="number"
            inputMode="numeric"
            value={entry.insertion_order}
            error={errors.insertion_order}
            onChange={(e) => set("insertion_order", wholeNumber(e.target.value, entry.insertion_order))}
          />
          <TextField
            label="Priority"
            type="number"
            inputMode="numeric"
            value={entry.priority}
            error={errors.priority}
            onChange={(e) => set("priority", wholeNumber(e.target.value, entry.priority))}
          />
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">
          Lower order goes first in the prompt; when the lorebook&apos;s token budget is full, lower priority is left
          out first.
        </p>
        <Button variant="ghost" size="sm" className="self-end text-destructive" onClick={onRemove}>
          Remove entry {index + 1}
        </Button>
      </div>
    </details>
  );
}
