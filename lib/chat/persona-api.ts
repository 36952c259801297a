/** The persona calls (lib/contracts/persona.ts), answers validated with zod/mini (persona-client.ts). */
import { apiPost } from "@/lib/api";
import {
  chatPersonaAnswerSchema,
  personaAnswerSchema,
  type ChatPersonaAnswer,
  type PersonaAnswer,
} from "@/lib/contracts/persona-client";

/** `{ chat_id }` for a chosen chat; without it the server means the latest chat with the character. */
const chatField = (chatId: string | null) => (chatId === null ? {} : { chat_id: chatId });

export function fetchChatPersona(
  robotId: number,
  chatId: string | null,
  signal?: AbortSignal,
): Promise<ChatPersonaAnswer> {
  return apiPost(
    "/v1/chat_session/persona",
    { robot_id: robotId, ...chatField(chatId) },
    { schema: chatPersonaAnswerSchema, signal },
  );
}

export function saveUserPersona(persona: PersonaAnswer): Promise<PersonaAnswer> {
  return apiPost("/v1/user/persona/update", persona, { schema: personaAnswerSchema });
}

/** null: the chat goes back to the user's own persona. */
export function saveChatPersona(
  robotId: number,
  chatId: string | null,
  persona: PersonaAnswer | null,
): Promise<ChatPersonaAnswer> {
  return apiPost(
    "/v1/chat_session/set_persona",
    { robot_id: robotId, ...chatField(chatId), persona },
    { schema: chatPersonaAnswerSchema },
  );
}
