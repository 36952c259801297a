"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "@/lib/api/errors";
import { fetchChatPersona, saveChatPersona, saveUserPersona } from "@/lib/chat/persona-api";
import { chatQueryKeys } from "@/lib/chat/query-keys";
import type { ChatPersonaAnswer, PersonaAnswer } from "@/lib/contracts/persona-client";
import { toast } from "@/stores/toast-store";
import { useChatId } from "./use-chat-id";
import { useViewer } from "./use-viewer";

export interface PersonaValues {
  user: PersonaAnswer;
  /** This chat's own persona, or null for the user's. */
  chat: PersonaAnswer | null;
}

const same = (a: PersonaAnswer | null, b: PersonaAnswer | null) =>
  a === b ||
  (a !== null && b !== null && a.name.trim() === b.name.trim() && a.description.trim() === b.description.trim());

/** The name {{user}} stands for in a chat: the chat's persona, else the user's, else their nickname. */
export function personaName(answer: ChatPersonaAnswer): string {
  return (answer.chat ?? answer.user).name.trim() || answer.nickname;
}

/** The user's persona and this chat's, one query shared by the dialog and the greeting. */
function useChatPersonaQuery(robotId: number, enabled: boolean, staleTime = 0) {
  const { uid } = useViewer();
  const chatId = useChatId();
  const key = chatQueryKeys.persona(robotId, chatId, uid);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchChatPersona(robotId, chatId, signal),
    enabled: enabled && uid !== null,
    staleTime,
  });
  return { query, key, chatId };
}

/** The user's persona and this chat's, loaded while the dialog is open, and saving what changed. */
export function usePersona(robotId: number, open: boolean) {
  const queryClient = useQueryClient();
  const { query, key, chatId } = useChatPersonaQuery(robotId, open);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Saves the changed parts; true when everything was saved. */
  async function save(values: PersonaValues, before: ChatPersonaAnswer): Promise<boolean> {
    setSaving(true);
    setError(null);
    try {
      let answer = before;
      if (!same(values.user, before.user)) answer = { ...answer, user: await saveUserPersona(values.user) };
      if (!same(values.chat, before.chat)) answer = await saveChatPersona(robotId, chatId, values.chat);
      queryClient.setQueryData(key, answer);
      toast({
        title: "Persona saved",
        description: `You are ${personaName(answer)}.`,
      });
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The persona was not saved. Please try again.");
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { query, save, saving, error };
}

/**
 * The name {{user}} stands for in this chat, as the model is given it (personaName); null until known, and for
 * visitors. Shares the dialog's query, so a saved persona shows at once.
 */
export function usePersonaName(robotId: number, signedIn: boolean): string | null {
  const { query } = useChatPersonaQuery(robotId, signedIn, 60_000);
  return query.data ? personaName(query.data) || null : null;
}
