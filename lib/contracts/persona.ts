import { z } from "zod";
import { chatPersonaSchema, personaSchema } from "../validation/persona-rules";
import { ID_MAX, text, wholeNumber } from "./fields";

/**
 * The user's persona (our design; SPEC leaves it open): who they are in chats. Its name fills {{user}} (their
 * nickname when empty) and its description is given to the model. A chat may have its own persona over it.
 * Answers are in persona-client.ts.
 *
 * GET  /v1/user/persona                → Persona.
 * POST /v1/user/persona/update         { name, description } → Persona.
 * POST /v1/chat_session/persona        { robot_id, chat_id? } → ChatPersona: the chat's own persona (or null) and the
 *      user's. Without chat_id, the latest chat with the character.
 * POST /v1/chat_session/set_persona    { robot_id, chat_id?, persona: { name, description } | null } → ChatPersona.
 *      null goes back to the user's persona. Like set_model, it creates the chat when there is none yet.
 */
export { PERSONA_LIMITS } from "../validation/persona-rules";

const robotId = wholeNumber(1, ID_MAX);

export const personaUpdateRequest = personaSchema;
const chatId = text().trim().uuid("Invalid chat id");

export const chatPersonaRequest = z.object({ robot_id: robotId, chat_id: chatId.optional() });
export const chatSetPersonaRequest = z.object({
  robot_id: robotId,
  chat_id: chatId.optional(),
  persona: chatPersonaSchema.nullable(),
});
