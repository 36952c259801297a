"use client";

import { useId, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { CardImportState } from "./use-card-import";

/**
 * "Import a character card": a drop zone with a file button (PNG or JSON), the import's error, and the list of
 * what could not be used. Everything from the card is shown as text.
 */
export function CardImport({
  state,
  onFile,
  onDismiss,
}: {
  state: CardImportState;
  onFile: (file: File) => void;
  onDismiss: () => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files?.[0];
    if (file) onFile(file);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="card-drop-zone"
        className={
          "flex flex-col items-start gap-3 rounded-2xl border-2 border-dashed p-4 transition-colors sm:flex-row " +
          "sm:items-center sm:justify-between " +
          (over ? "border-primary bg-primary/5" : "border-border")
        }
      >
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="font-semibold">
            Import a character card
          </h2>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Drop a card here, or choose one: a PNG or JSON card (V1, V2 or V3) from SillyTavern, Chub, RisuAI and
            others.
          </p>
        </div>
        <div className="flex items-center gap-2">
          {state.status === "reading" ? <Spinner size="sm" label="Reading the card" /> : null}
          <input
            id={`${id}-file`}
            type="file"
            accept="image/png,application/json,.json,.png"
            className="peer sr-only"
            aria-describedby={`${id}-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) onFile(file);
            }}
          />
          <label
            htmlFor={`${id}-file`}
            className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-border bg-muted px-4 text-sm font-medium whitespace-nowrap transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background hover:bg-muted/70"
          >
            Choose a card file
          </label>
        </div>
      </div>
      {state.status === "error" ? (
        <p role="alert" className="text-sm text-destructive" data-testid="card-import-error">
          {state.message}
        </p>
      ) : null}
      {state.status === "done" ? (
        <div role="status" className="rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm">
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 wrap-anywhere">
              Imported <strong>{state.name}</strong>. Check the fields below before saving.
            </p>
            <Button variant="ghost" size="sm" onClick={onDismiss}>
              Dismiss
            </Button>
          </div>
          {state.warnings.length ? (
            <>
              <p className="mt-1 font-medium">Not used from the card:</p>
              <ul className="mt-1 list-disc pl-5 wrap-anywhere text-muted-foreground">
                {state.warnings.map((w, i) => (
                  <li key={i}>{w}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
