"use client";

import { useMemo, useState } from "react";
import { get, useWatch } from "react-hook-form";
import { TextField } from "@/components/auth/fields";
import { Button } from "@/components/ui/button";
import type { CharacterFormApi } from "@/lib/creation/character-form";
import { lorebookToText, nextInsertionOrder, readLorebookText } from "@/lib/creation/lorebook-draft";
import {
  LOREBOOK_DEFAULTS,
  LOREBOOK_LIMITS,
  newLorebookEntry,
  type Lorebook,
  type LorebookEntry,
} from "@/lib/validation/lorebook-rules";
import { LabelledSwitch } from "@/components/ui/labelled-switch";
import { LorebookEntryEditor, type EntryErrors } from "./lorebook-entry-editor";

const L = LOREBOOK_LIMITS;

const message = (errors: unknown, path: string): string | undefined => {
  const found: unknown = get(errors, path);
  return typeof found === "object" && found !== null && "message" in found && typeof found.message === "string"
    ? found.message
    : undefined;
};

/** "" for none, else a whole number (a partial value such as "-" keeps none). */
function optionalNumber(text: string): number | null {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : null;
}

/**
 * The character's lorebook: entries the chat adds to the prompt when their keys come up (Character Card V2's
 * `character_book`). Edits the form's `lorebook` value (JSON text); the form's schema checks it on submit and its
 * messages show under the entry and field they are about.
 */
export function LorebookField({ form }: { form: CharacterFormApi }) {
  const text = useWatch({ control: form.control, name: "lorebook" }) ?? "";
  const book = useMemo(() => readLorebookText(text), [text]);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const errors = form.formState.errors;

  const write = (next: Lorebook) => {
    form.clearErrors("lorebook");
    form.setValue("lorebook", lorebookToText(next), { shouldDirty: true });
  };
  const setEntry = (index: number, entry: LorebookEntry) =>
    write({ ...book, entries: book.entries.map((e, i) => (i === index ? entry : e)) });
  const toggle = (index: number, open: boolean) =>
    setOpened((current) => {
      if (current.has(index) === open) return current;
      const next = new Set(current);
      if (open) next.add(index);
      else next.delete(index);
      return next;
    });
  const remove = (index: number) => {
    write({ ...book, entries: book.entries.filter((_, i) => i !== index) });
    setOpened((current) => new Set([...current].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i))));
  };
  const add = () => {
    write({ ...book, entries: [...book.entries, newLorebookEntry(nextInsertionOrder(book))] });
    toggle(book.entries.length, true);
  };
  const entryErrors = (index: number): EntryErrors => {
    const at = (field: string) => message(errors, `lorebook.entries.${index}.${field}`);
    return {
      keys: at("keys"),
      secondary_keys: at("secondary_keys"),
      content: at("content"),
      insertion_order: at("insertion_order"),
      priority: at("priority"),
    };
  };
  const bookError = message(errors, "lorebook") ?? message(errors, "lorebook.entries");

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby="lorebook-hint">
      <legend className="mb-1 text-sm font-medium">Lorebook</legend>
      <p id="lorebook-hint" className="text-xs text-muted-foreground">
        Facts the character recalls when they come up: an entry goes into the prompt when one of its keys is in the
        newest messages ({book.entries.length}/{L.entries} entries).
      </p>
      {book.entries.map((entry, index) => (
        <LorebookEntryEditor
          key={index}
          entry={entry}
          index={index}
          open={opened.has(index)}
          errors={entryErrors(index)}
          onToggle={(open) => toggle(index, open)}
          onChange={(next) => setEntry(index, next)}
          onRemove={() => remove(index)}
        />
      ))}
      {bookError ? (
        <p role="alert" className="text-sm text-destructive">
          {bookError}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={book.entries.length >= L.entries}
        onClick={add}
      >
        Add an entry
      </Button>
      {book.entries.length > 0 ? (
        <div className="mt-2 flex flex-col gap-4 rounded-xl border border-border p-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Messages searched for keys"
              type="number"
              inputMode="numeric"
              min={1}
              max={L.scanDepth}
              placeholder={`${LOREBOOK_DEFAULTS.scanDepth} (default)`}
              value={book.scan_depth ?? ""}
              error={message(errors, "lorebook.scan_depth")}
              onChange={(e) => write({ ...book, scan_depth: optionalNumber(e.target.value) })}
            />
            <TextField
              label="Token budget"
              type="number"
              inputMode="numeric"
              min={1}
              max={L.tokenBudget}
              placeholder="A quarter of the prompt"
              value={book.token_budget ?? ""}
              error={message(errors, "lorebook.token_budget")}
              onChange={(e) => write({ ...book, token_budget: optionalNumber(e.target.value) })}
            />
          </div>
          <LabelledSwitch
            label="Entries can trigger entries"
            hint="Keys found in the text of entries already used bring in more entries."
            checked={book.recursive_scanning}
            onChange={(v) => write({ ...book, recursive_scanning: v })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
