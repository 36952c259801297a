"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldFrame, useFieldParts } from "@/components/ui/field-frame";
import { Spinner } from "@/components/ui/spinner";
import { MEMORY_SUMMARY_MAX_CHARS, type ChatMemory } from "@/lib/contracts/chat-memory-client";
import { memoryErrorMessage, type useChangeMemory } from "./use-chat-memory";

interface Props {
  memory: ChatMemory;
  change: ReturnType<typeof useChangeMemory>;
}

/** The summary of older turns, editable; a line says when a new summary is being written. */
export function MemorySummary({ memory, change }: Props) {
  // The text being edited; null while it is the saved one (so a new summary from the server shows at once).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? memory.summary;
  const dirty = draft !== null && draft.trim() !== memory.summary;
  const error = change.variables?.kind === "summary" ? (memoryErrorMessage(change.error) ?? undefined) : undefined;
  const parts = useFieldParts(undefined, { error, count: text.length, maxLength: MEMORY_SUMMARY_MAX_CHARS });

  return (
    <section aria-labelledby="memory-summary-heading" className="flex flex-col gap-3">
      <h3 id="memory-summary-heading" className="text-sm font-semibold">
        Summary of earlier turns
      </h3>
      {memory.summarising ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label={null} size="sm" /> Summarising older turns…
        </p>
      ) : memory.summary === "" && memory.summarised_through === null ? (
        <p className="text-sm text-muted-foreground">
          Nothing summarised yet: the whole chat still fits in what the model reads. You can write a summary yourself.
        </p>
      ) : null}
      <FieldFrame parts={parts} label="Summary" error={error} count={text.length} maxLength={MEMORY_SUMMARY_MAX_CHARS}>
        <textarea
          id={parts.fieldId}
          value={text}
          rows={6}
          maxLength={MEMORY_SUMMARY_MAX_CHARS}
          aria-invalid={error ? true : undefined}
          aria-describedby={parts.describedBy}
          onChange={(event) => setDraft(event.target.value)}
          className="min-h-32 w-full resize-y rounded-lg border border-border bg-background px-3 py-2 text-base leading-6 text-foreground outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/40 aria-[invalid=true]:border-destructive sm:text-sm"
        />
      </FieldFrame>
      <div className="flex flex-wrap justify-end gap-2">
        {dirty ? (
          <Button variant="ghost" size="sm" onClick={() => setDraft(null)}>
            Undo changes
          </Button>
        ) : null}
        <Button
          size="sm"
          disabled={!dirty || change.isPending}
          onClick={() => change.mutate({ kind: "summary", summary: text.trim() }, { onSuccess: () => setDraft(null) })}
        >
          Save summary
        </Button>
      </div>
    </section>
  );
}
