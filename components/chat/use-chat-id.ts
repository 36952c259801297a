"use client";

import { useSearchParams } from "next/navigation";
import { useCallback } from "react";

/** The `?chat=` parameter of the chat page: which of the user's chats with the character is open. */
export const CHAT_PARAM = "chat";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The chat id in the URL, or null (then the page shows the latest chat); a malformed value counts as none. */
export function useChatId(): string | null {
  const value = useSearchParams().get(CHAT_PARAM);
  return value !== null && UUID.test(value) ? value.toLowerCase() : null;
}

/**
 * Opens a chat by putting its id in the URL (null: the latest), as a new history entry so Back returns to the
 * previous chat, or in place of the current one. Next.js syncs useSearchParams with history.pushState without
 * asking the server for the page again.
 */
export function useOpenChat(): (chatId: string | null, mode?: "push" | "replace") => void {
  return useCallback((chatId, mode = "push") => {
    const url = new URL(window.location.href);
    if (chatId === null) url.searchParams.delete(CHAT_PARAM);
    else url.searchParams.set(CHAT_PARAM, chatId);
    if (url.href === window.location.href) return;
    if (mode === "push") window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
  }, []);
}
