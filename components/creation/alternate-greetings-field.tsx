"use client";

import { useId } from "react";
import { useWatch, type FieldErrors } from "react-hook-form";
import { Button } from "@/components/ui/button";
import type { CharacterFormApi, CharacterFormValues } from "@/lib/creation/character-form";
import { CHARACTER_LIMITS } from "@/lib/validation/character-rules";
import { TextAreaField } from "./text-area-field";

const EMPTY_ROW = "Write this greeting or remove it";

function rowError(errors: FieldErrors<CharacterFormValues>, index: number): string | undefined {
  const row = errors.alternate_greetings?.[index];
  if (!row) return undefined;
  return row.type === "too_small" ? EMPTY_ROW : row.message;
}

/** Other first messages a chat may start with: rows added and removed, at most CHARACTER_LIMITS.alternateGreetings. */
export function AlternateGreetingsField({ form }: { form: CharacterFormApi }) {
  const id = useId();
  const rows = useWatch({ control: form.control, name: "alternate_greetings" }) ?? [];
  const errors = form.formState.errors;
  const listError = errors.alternate_greetings?.root?.message ?? errors.alternate_greetings?.message;
  const max = CHARACTER_LIMITS.alternateGreetings;

  const set = (next: string[]) => {
    form.clearErrors("alternate_greetings");
    form.setValue("alternate_greetings", next, { shouldDirty: true });
  };

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-sm font-medium">Alternate greetings</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Other first messages a chat can start with ({rows.length}/{max}).
      </p>
      {rows.map((text, index) => (
        <div key={index} className="flex flex-col gap-1">
          <TextAreaField
            label={`Alternate greeting ${index + 1}`}
            rows={3}
            maxLength={CHARACTER_LIMITS.alternateGreeting}
            count={text.length}
            value={text}
            error={rowError(errors, index)}
            onChange={(e) => set(rows.map((row, i) => (i === index ? e.target.value : row)))}
          />
          <Button
            variant="ghost"
            size="sm"
            className="self-end"
            aria-label={`Remove alternate greeting ${index + 1}`}
            onClick={() => set(rows.filter((_, i) => i !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      {listError ? (
        <p role="alert" className="text-sm text-destructive">
          {listError}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={rows.length >= max}
        onClick={() => set([...rows, ""])}
      >
        Add a greeting
      </Button>
    </fieldset>
  );
}
