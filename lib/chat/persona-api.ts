/** The persona calls (lib/contracts/persona.ts), answers validated with zod/mini (persona-client.ts). */
import { apiPost } from "@/lib/api";
import {
  chatPersonaAnswerSchema,
  personaAnswerSchema,
  type ChatPersonaAnswer,
  type PersonaAnswer,
} from "@/lib/contracts/persona-client";

export function fetchChatPersona(robotId: number, signal?: AbortSignal): Promise<ChatPersonaAnswer> {
  return apiPost("/v1/chat_session/persona", { robot_id: robotId }, { schema: chatPersonaAnswerSchema, signal });
}

export function saveUserPersona(persona: PersonaAnswer): Promise<PersonaAnswer> {
  return apiPost("/v1/user/persona/update", persona, { schema: personaAnswerSchema });
}

/** null: the chat goes back to the user's own persona. */
export function saveChatPersona(robotId: number, persona: PersonaAnswer | null): Promise<ChatPersonaAnswer> {
  return apiPost("/v1/chat_session/set_persona", { robot_id: robotId, persona }, { schema: chatPersonaAnswerSchema });
}
