import { z } from "zod";
import { chatPersonaSchema, personaSchema } from "../validation/persona-rules";
import { ID_MAX, wholeNumber } from "./fields";

/**
 * The user's persona (our design; SPEC leaves it open): who they are in chats. Its name fills {{user}} (their
 * nickname when empty) and its description is given to the model. A chat may have its own persona over it.
 * Answers are in persona-client.ts.
 *
 * GET  /v1/user/persona                → Persona.
 * POST /v1/user/persona/update         { name, description } → Persona.
 * POST /v1/chat_session/persona        { robot_id } → ChatPersona: the chat's own persona (or null) and the user's.
 * POST /v1/chat_session/set_persona    { robot_id, persona: { name, description } | null } → ChatPersona. null goes
 *      back to the user's persona. Like set_model, it creates the chat when there is none yet.
 */
export { PERSONA_LIMITS } from "../validation/persona-rules";

const robotId = wholeNumber(1, ID_MAX);

export const personaUpdateRequest = personaSchema;
export const chatPersonaRequest = z.object({ robot_id: robotId });
export const chatSetPersonaRequest = z.object({ robot_id: robotId, persona: chatPersonaSchema.nullable() });
