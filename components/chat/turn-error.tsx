"use client";

import type { TurnFailure } from "@/lib/chat/chat-state";
import { RetryIcon } from "./chat-icons";

/** A failed send or reply: the reason and a Retry that sends the same text again. */
export function TurnError({
  failure,
  onRetry,
  disabled,
}: {
  failure: TurnFailure;
  onRetry: () => void;
  disabled: boolean;
}) {
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="turn-error">
      <p className="text-destructive">{failure.message}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={disabled}
        className="inline-flex h-8 items-center gap-1.5 rounded-full border border-border px-3 text-xs font-medium transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
      >
        <RetryIcon width={14} height={14} />
        Retry
      </button>
    </div>
  );
}
