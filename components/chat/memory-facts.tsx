"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FieldFrame, useFieldParts } from "@/components/ui/field-frame";
import { MEMORY_FACT_MAX_CHARS, MEMORY_FACTS_MAX } from "@/lib/contracts/chat-memory-client";
import { CloseSmallIcon } from "./chat-icons";
import { memoryErrorMessage, type useChangeMemory } from "./use-chat-memory";

const INPUT =
  "h-10 w-full min-w-0 rounded-lg border border-border bg-background px-3 text-base text-foreground sm:text-sm " +
  "placeholder:text-muted-foreground outline-none transition-colors focus-visible:border-primary " +
  "focus-visible:ring-2 focus-visible:ring-ring/40 aria-[invalid=true]:border-destructive";

interface Props {
  facts: string[];
  change: ReturnType<typeof useChangeMemory>;
}

/** The pinned facts, each with a remove button, and a field to pin another. */
export function MemoryFacts({ facts, change }: Props) {
  const [draft, setDraft] = useState("");
  const pinError = change.variables?.kind === "pin" ? memoryErrorMessage(change.error) : null;
  const unpinError = change.variables?.kind === "unpin" ? memoryErrorMessage(change.error) : null;
  const [touched, setTouched] = useState(false);
  const emptyError = touched && draft.trim() === "" ? "Write the fact to remember" : null;
  const error = emptyError ?? pinError ?? undefined;
  const parts = useFieldParts(undefined, { error, count: draft.length, maxLength: MEMORY_FACT_MAX_CHARS });
  const full = facts.length >= MEMORY_FACTS_MAX;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    const fact = draft.trim();
    if (!fact) return;
    change.mutate(
      { kind: "pin", fact },
      {
        onSuccess: () => {
          setDraft("");
          setTouched(false);
        },
      },
    );
  }

  return (
    <section aria-labelledby="memory-facts-heading" className="flex flex-col gap-3">
      <h3 id="memory-facts-heading" className="text-sm font-semibold">
        Pinned facts
      </h3>
      {facts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No pinned facts. Pin what the character must never forget, like a name or a promise.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="memory-facts">
          {facts.map((fact) => (
            <li
              key={fact}
              className="flex items-start gap-2 rounded-lg border border-border bg-background py-1.5 pr-1.5 pl-3 text-sm"
            >
              <span className="min-w-0 flex-1 py-1 wrap-anywhere">{fact}</span>
              <button
                type="button"
                aria-label={`Remove fact: ${fact}`}
                disabled={change.isPending}
                onClick={() => change.mutate({ kind: "unpin", fact })}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
              >
                <CloseSmallIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      {unpinError ? (
        <p role="alert" className="text-sm text-destructive">
          {unpinError}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        <FieldFrame
          parts={parts}
          label="Pin a fact"
          error={error}
          count={draft.length}
          maxLength={MEMORY_FACT_MAX_CHARS}
        >
          <div className="flex gap-2">
            <input
              id={parts.fieldId}
              value={draft}
              maxLength={MEMORY_FACT_MAX_CHARS}
              placeholder={full ? `At most ${MEMORY_FACTS_MAX} facts` : "e.g. My dog is called Pepper"}
              disabled={full}
              aria-invalid={error ? true : undefined}
              aria-describedby={parts.describedBy}
              onChange={(event) => setDraft(event.target.value)}
              className={INPUT}
            />
            <Button type="submit" variant="primary" disabled={full} busy={change.isPending}>
              Pin
            </Button>
          </div>
        </FieldFrame>
      </form>
    </section>
  );
}
