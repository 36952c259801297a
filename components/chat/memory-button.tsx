"use client";

import { useState } from "react";
import { MemoryIcon } from "./chat-icons";
import { MemoryDialog } from "./memory-dialog";
import { useChatId } from "./use-chat-id";
import { useViewer } from "./use-viewer";

interface Props {
  robotId: number;
  robotName: string;
  /** The open chat, when known; else the one chosen in the URL, else the user's latest chat with the character. */
  sessionId?: string | null;
}

/** The chat header's Memory button (signed-in users only): opens what the character remembers of this chat. */
export function MemoryButton({ robotId, robotName, sessionId = null }: Props) {
  const { uid } = useViewer();
  const chosenChat = useChatId();
  const [open, setOpen] = useState(false);
  if (uid === null) return null;
  return (
    <>
      <button
        type="button"
        aria-label="Memory"
        title="Memory"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring sm:size-9"
      >
        <MemoryIcon />
      </button>
      <MemoryDialog
        open={open}
        onOpenChange={setOpen}
        chat={{ robotId, sessionId: sessionId ?? chosenChat }}
        robotName={robotName}
      />
    </>
  );
}
