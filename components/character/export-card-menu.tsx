"use client";

import { useId, useRef } from "react";
import { buttonClassName } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { usePopup } from "@/components/ui/use-popup";
import type { CardFormat } from "@/lib/creation/card-download";
import { useCardExport } from "./use-card-export";

const OPTIONS: ReadonlyArray<{ format: CardFormat; label: string; hint: string }> = [
  { format: "png", label: "PNG card", hint: "Image with the card inside (V2 and V3)" },
  { format: "json", label: "JSON card", hint: "Character Card V3" },
];

const ITEM =
  "flex w-full flex-col items-start rounded-md px-3 py-2 text-left text-sm outline-none transition-colors " +
  "hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60";

/** "Export" opens a small list of the card formats (a disclosure: Tab moves, Escape closes back to the button). */
export function ExportCardMenu({ robotId, robotName }: { robotId: number; robotName: string }) {
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const { pending, exportCard } = useCardExport(robotId);
  const { open, show, close, rootRef, buttonRef, disclosureProps } = usePopup(() =>
    panelRef.current?.querySelector<HTMLButtonElement>("button")?.focus(),
  );

  return (
    <div ref={rootRef} className="relative" {...disclosureProps}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-busy={pending !== null}
        onClick={() => (open ? close(false) : show())}
        className={buttonClassName("secondary", "md", "rounded-full")}
      >
        {pending ? <Spinner size="sm" label={`Exporting ${robotName}…`} /> : <DownloadIcon />}
        Export
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={`Export ${robotName}`}
          className="absolute top-full left-1/2 z-30 mt-2 w-60 -translate-x-1/2 rounded-xl border border-border bg-card p-1.5 text-foreground shadow-xl motion-safe:animate-fade-in sm:left-0 sm:translate-x-0"
        >
          {OPTIONS.map((o) => (
            <button
              key={o.format}
              type="button"
              disabled={pending !== null}
              className={ITEM}
              onClick={() => {
                close();
                void exportCard(o.format);
              }}
            >
              <span className="font-medium">{o.label}</span>
              <span className="text-xs text-muted-foreground">{o.hint}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-4">
      <path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
