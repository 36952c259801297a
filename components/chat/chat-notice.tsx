"use client";

import type { ChatNotice as Notice } from "@/lib/chat/chat-failures";
import { CloseIcon, InfoIcon } from "./chat-icons";

/** Why the last message was not sent (free replies used up, not enough coins, too fast…), above the composer. */
export function ChatNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  return (
    <div
      role="status"
      data-testid="chat-notice"
      data-code={notice.code}
      className="mb-2 flex items-start gap-3 rounded-2xl border border-primary/30 bg-primary/[0.07] px-4 py-3 text-sm motion-safe:animate-fade-in"
    >
      <InfoIcon width={18} height={18} className="mt-0.5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{notice.title}</p>
        {notice.hint ? <p className="mt-0.5 text-muted-foreground">{notice.hint}</p> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 grid size-8 shrink-0 place-items-center rounded-full text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CloseIcon width={16} height={16} />
      </button>
    </div>
  );
}
