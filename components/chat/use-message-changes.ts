"use client";

import { useMemo } from "react";
import { deleteMessages, editReply } from "@/lib/chat/chat-changes-api";
import type { ChatEntry } from "@/lib/chat/chat-state";
import { changeFailed } from "./change-failed";
import type { MessageChangeHandlers } from "./message-actions";
import type { ChatSession } from "./use-chat-session";
import { useSwipes } from "./use-swipes";

/** The message actions' handlers for a chat session: streamed turns through the session, the rest by API call. */
export function useMessageChanges(session: ChatSession): MessageChangeHandlers {
  const { apply, regenerate, resend } = session;
  const { go, pending } = useSwipes(apply);
  return useMemo<MessageChangeHandlers>(
    () => ({
      regenerate: (entry: ChatEntry) => void regenerate(entry.key),
      resend: (entry: ChatEntry, text: string) => void resend(entry.key, text),
      swipe: (entry: ChatEntry, index: number) => void go(entry, index),
      swiping: pending,
      editReply: async (entry, text) => {
        if (entry.id === null) return false;
        try {
          const { message } = await editReply(entry.id, text);
          apply({ type: "replace_reply", key: entry.key, message });
          return true;
        } catch (error) {
          changeFailed("Couldn't save the reply", error);
          return false;
        }
      },
      remove: async (entry, scope) => {
        if (entry.id === null) return false;
        try {
          const { deleted } = await deleteMessages(entry.id, scope);
          apply({ type: "remove", ids: deleted });
          return true;
        } catch (error) {
          changeFailed("Couldn't delete", error);
          return false;
        }
      },
    }),
    [apply, regenerate, resend, go, pending],
  );
}
