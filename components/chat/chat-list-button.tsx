"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useDialogStore } from "@/stores/dialog-store";
import { useViewer } from "./use-viewer";

// The panel (and its dialog code) loads on the first click, not with the chat page.
const ChatListPanel = dynamic(() => import("./chat-list-panel").then((m) => m.ChatListPanel), { ssr: false });

/** The chat header's entry to the user's chats with the character; visitors get the login modal instead. */
export function ChatListButton({ robot }: { robot: { id: number; name: string } }) {
  const { uid } = useViewer();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  function onClick() {
    if (uid === null) {
      useDialogStore.getState().openLogin();
      return;
    }
    setLoaded(true);
    setOpen(true);
  }

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`Chats with ${robot.name}`}
        title="Chats"
        onClick={onClick}
        className="inline-flex size-8 shrink-0 items-center justify-center gap-1.5 rounded-full border border-border bg-background text-sm font-medium transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring sm:h-9 sm:w-auto sm:px-3"
      >
        <ChatsIcon />
        <span className="hidden sm:inline">Chats</span>
      </button>
      {loaded ? <ChatListPanel robot={robot} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

function ChatsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-4">
      <path
        d="M8 9h8M8 13h5M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
