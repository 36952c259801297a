"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { isApiError, isUnauthorizedError } from "@/lib/api/errors";
import {
  createChat,
  deleteChat,
  fetchChatExport,
  fetchChatList,
  renameChat,
  type ChatExportFormat,
} from "@/lib/chat/chat-list-api";
import { chatQueryKeys } from "@/lib/chat/query-keys";
import type { ChatSummary } from "@/lib/contracts/chat-client";
import { saveBlob } from "@/lib/creation/card-download";
import { toast } from "@/stores/toast-store";
import { useViewer } from "./use-viewer";

/** A failed action's toast; a 401 already ended the session with its own. */
function failed(title: string, error: unknown): void {
  if (isUnauthorizedError(error)) return;
  toast({
    title,
    description: isApiError(error) && error.msg ? error.msg : "Please try again later",
    variant: "destructive",
  });
}

export type ChatAction = "create" | "rename" | "delete" | "export";

/**
 * The user's chats with one character (loaded while `enabled`), and what can be done to them. Each action resolves
 * with its result, or null after it failed (its toast shown); one runs at a time.
 */
export function useChatList(robotId: number, enabled: boolean) {
  const { uid } = useViewer();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: chatQueryKeys.chats(robotId, uid),
    queryFn: ({ signal }) => fetchChatList(robotId, signal),
    enabled: enabled && uid !== null,
    staleTime: 10_000,
  });
  const [pending, setPending] = useState<ChatAction | null>(null);

  const run = useCallback(async <T>(action: ChatAction, failure: string, work: () => Promise<T>): Promise<T | null> => {
    setPending(action);
    try {
      return await work();
    } catch (error) {
      failed(failure, error);
      return null;
    } finally {
      setPending(null);
    }
  }, []);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.chatsAll() }),
    [queryClient],
  );

  const create = useCallback(
    () =>
      run("create", "Could not start a new chat", async () => {
        const chat = await createChat(robotId);
        queryClient.setQueryData<ChatSummary[]>(chatQueryKeys.chats(robotId, uid), (list) => [chat, ...(list ?? [])]);
        void refresh();
        return chat;
      }),
    [run, robotId, uid, queryClient, refresh],
  );

  const rename = useCallback(
    (chatId: string, title: string) =>
      run("rename", "Could not rename the chat", async () => {
        const chat = await renameChat(chatId, title);
        queryClient.setQueryData<ChatSummary[]>(chatQueryKeys.chats(robotId, uid), (list) =>
          list?.map((c) => (c.id === chat.id ? chat : c)),
        );
        return chat;
      }),
    [run, robotId, uid, queryClient],
  );

  const remove = useCallback(
    (chatId: string) =>
      run("delete", "Could not delete the chat", async () => {
        await deleteChat(chatId);
        queryClient.setQueryData<ChatSummary[]>(chatQueryKeys.chats(robotId, uid), (list) =>
          list?.filter((c) => c.id !== chatId),
        );
        void refresh();
        void queryClient.invalidateQueries({ queryKey: chatQueryKeys.recentAll() });
        return chatId;
      }),
    [run, robotId, uid, queryClient, refresh],
  );

  const exportChat = useCallback(
    (chatId: string, format: ChatExportFormat) =>
      run("export", "Could not export the chat", async () => {
        const { blob, filename } = await fetchChatExport(robotId, chatId, format);
        saveBlob(blob, filename);
        return filename;
      }),
    [run, robotId],
  );

  return { query, pending, create, rename, remove, exportChat };
}
