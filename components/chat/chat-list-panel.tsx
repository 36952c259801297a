"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { Spinner } from "@/components/ui/spinner";
import type { ChatSummary } from "@/lib/contracts/chat-client";
import { ChatListItem, chatName } from "./chat-list-item";
import { DeleteChatDialog } from "./delete-chat-dialog";
import { useChatId, useOpenChat } from "./use-chat-id";
import { useChatList } from "./use-chat-list";

interface Props {
  robot: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The user's chats with the character: "New chat" (a fresh conversation that opens with the greeting), and the
 * list, latest first, to open, rename, export and delete them. Opening or starting a chat puts it in the URL and
 * closes the panel; focus goes back to the button that opened it.
 */
export function ChatListPanel({ robot, open, onOpenChange }: Props) {
  const { query, pending, create, rename, remove, exportChat } = useChatList(robot.id, open);
  const openChat = useOpenChat();
  const chatId = useChatId();
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const newChatRef = useRef<HTMLButtonElement>(null);
  const chats = query.data ?? [];
  // Without a chat in the URL the page shows the latest, first in the list.
  const shownId = chatId ?? chats[0]?.id ?? null;

  function show(id: string | null) {
    openChat(id);
    onOpenChange(false);
  }

  async function startNew() {
    const chat = await create();
    if (chat) show(chat.id);
  }

  async function confirmDelete() {
    if (!deleting) return;
    const { id } = deleting;
    const name = chatName(deleting);
    if ((await remove(id)) === null) return;
    setDeleting(null);
    setAnnouncement(`Deleted ${name}.`);
    // The chat on screen is gone: show the latest one left.
    if (id === shownId) openChat(null, "replace");
  }

  return (
    <>
      <ResponsiveDialog
        open={open}
        onOpenChange={onOpenChange}
        title={`Chats with ${robot.name}`}
        initialFocus={() => newChatRef.current}
        onEscapeKeyDown={(event) => {
          // A row's open actions or rename form closes on this Escape; the list stays.
          if (event.target instanceof Element && event.target.closest("[data-own-escape]")) event.preventDefault();
        }}
        className="sm:max-w-md"
      >
        {/* pt-1: room for the button's focus ring at the top of the scrolling body. */}
        <div className="pt-1">
          <Button
            ref={newChatRef}
            onClick={() => void startNew()}
            busy={pending === "create"}
            aria-busy={pending === "create"}
            className="w-full"
          >
            {pending === "create" ? (
              <Spinner size="sm" label={null} className="[&_svg]:text-primary-foreground" />
            ) : (
              <PlusIcon />
            )}
            New chat
          </Button>
        </div>
        <div className="mt-3">
          {query.isPending && query.fetchStatus !== "idle" ? (
            <div className="flex justify-center py-6">
              <Spinner label="Loading chats…" />
            </div>
          ) : query.isError ? (
            <div className="py-4 text-center text-sm">
              <p>Could not load your chats.</p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </div>
          ) : chats.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">
              No chats yet. Your first message starts one.
            </p>
          ) : (
            <ul aria-label="Your chats" className="divide-y divide-border">
              {chats.map((chat) => (
                <ChatListItem
                  key={chat.id}
                  chat={chat}
                  current={chat.id === shownId}
                  busy={pending !== null}
                  onOpen={() => show(chat.id)}
                  onRename={async (title) => (await rename(chat.id, title)) !== null}
                  onDelete={() => setDeleting(chat)}
                  onExport={(format) => void exportChat(chat.id, format)}
                />
              ))}
            </ul>
          )}
        </div>
        <div aria-live="polite" className="sr-only">
          {pending === "export" ? "Preparing the download…" : announcement}
        </div>
      </ResponsiveDialog>
      <DeleteChatDialog
        chatName={deleting ? chatName(deleting) : null}
        onOpenChange={(next) => {
          if (!next) setDeleting(null);
        }}
        pending={pending === "delete"}
        onConfirm={() => void confirmDelete()}
        fallbackFocus={() => newChatRef.current}
      />
    </>
  );
}

function PlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-4">
      <path d="M12 5v14M5 12h14" strokeLinecap="round" />
    </svg>
  );
}
