"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError, isUnauthorizedError } from "@/lib/api/errors";
import {
  clearChatMemory,
  fetchChatMemory,
  pinMemoryFact,
  saveMemorySummary,
  unpinMemoryFact,
  type MemoryChat,
} from "@/lib/chat/memory-api";
import { chatQueryKeys } from "@/lib/chat/query-keys";
import type { ChatMemory } from "@/lib/contracts/chat-memory-client";
import { useViewer } from "./use-viewer";

/** While a summary is being written, the memory is read again this often (the panel shows the new one). */
const SUMMARISING_POLL_MS = 3000;

/** The chat's memory, loaded while `enabled` (the panel is open). */
export function useChatMemory(chat: MemoryChat, enabled: boolean) {
  const { ready, uid } = useViewer();
  return useQuery({
    queryKey: chatQueryKeys.memory(chat.robotId, chat.sessionId ?? null, uid),
    queryFn: ({ signal }) => fetchChatMemory(chat, signal),
    enabled: enabled && ready && uid !== null,
    refetchInterval: (query) => (query.state.data?.summarising ? SUMMARISING_POLL_MS : false),
  });
}

export type MemoryChange =
  | { kind: "summary"; summary: string }
  | { kind: "pin"; fact: string }
  | { kind: "unpin"; fact: string }
  | { kind: "clear" };

function apply(chat: MemoryChat, change: MemoryChange): Promise<ChatMemory> {
  switch (change.kind) {
    case "summary":
      return saveMemorySummary(chat, change.summary);
    case "pin":
      return pinMemoryFact(chat, change.fact);
    case "unpin":
      return unpinMemoryFact(chat, change.fact);
    case "clear":
      return clearChatMemory(chat);
  }
}

/** One change at a time; the server's answer replaces the cached memory. */
export function useChangeMemory(chat: MemoryChat) {
  const queryClient = useQueryClient();
  const { uid } = useViewer();
  return useMutation({
    mutationFn: (change: MemoryChange) => apply(chat, change),
    onSuccess: (memory) => {
      queryClient.setQueryData(chatQueryKeys.memory(chat.robotId, chat.sessionId ?? null, uid), memory);
    },
  });
}

/** What to tell the user about a failed change: the server's message for refused input, else a general one. */
export function memoryErrorMessage(error: unknown): string | null {
  if (!error || isUnauthorizedError(error)) return null;
  if (isApiError(error) && error.status === 400) return error.msg;
  if (isApiError(error) && error.status === 404) return "This chat is gone. Reload the page.";
  return "Could not save the memory. Please try again.";
}
