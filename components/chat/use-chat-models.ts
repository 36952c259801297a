"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { isUnauthorizedError } from "@/lib/api/errors";
import { fetchChatModels, setChatModel } from "@/lib/chat/chat-api";
import { chatQueryKeys } from "@/lib/chat/query-keys";
import type { ChatModelList } from "@/lib/contracts/chat-client";
import { useDialogStore } from "@/stores/dialog-store";
import { toast } from "@/stores/toast-store";
import { useChatId } from "./use-chat-id";
import { useViewer } from "./use-viewer";

/** The models this viewer can pick for a character, and the current one (the open chat's, or the default). */
export function useChatModels(robotKey: string) {
  const { ready, uid } = useViewer();
  const chatId = useChatId();
  return useQuery({
    queryKey: chatQueryKeys.models(robotKey, uid, chatId),
    queryFn: ({ signal }) => fetchChatModels(robotKey, chatId, signal),
    enabled: ready,
    staleTime: 60_000,
  });
}

/** Switches the chat's model: optimistic, saved with set_model; visitors get the login modal instead. */
export function useChooseModel(robotId: number, robotKey: string) {
  const queryClient = useQueryClient();
  const { uid } = useViewer();
  const chatId = useChatId();
  const [saving, setSaving] = useState(false);

  const choose = useCallback(
    async (model: string) => {
      if (uid === null) {
        useDialogStore.getState().openLogin();
        return;
      }
      const key = chatQueryKeys.models(robotKey, uid, chatId);
      const before = queryClient.getQueryData<ChatModelList>(key);
      if (!before || before.current === model) return;
      queryClient.setQueryData<ChatModelList>(key, { ...before, current: model });
      setSaving(true);
      try {
        const current = await setChatModel(robotId, chatId, model);
        queryClient.setQueryData<ChatModelList>(key, (list) => (list ? { ...list, current } : list));
      } catch (error) {
        queryClient.setQueryData<ChatModelList>(key, (list) => (list ? { ...list, current: before.current } : list));
        if (!isUnauthorizedError(error)) {
          toast({ title: "Could not switch the model", description: "Please try again later", variant: "destructive" });
        }
      } finally {
        setSaving(false);
      }
    },
    [chatId, queryClient, robotId, robotKey, uid],
  );

  return { choose, saving };
}
