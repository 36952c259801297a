import { chatPersonaSchema, type Persona } from "../../../lib/validation/persona-rules";

/** chat_sessions.persona as read: a chat's own persona, or null (none, or a value the rules no longer accept). */
export function readChatPersona(stored: unknown): Persona | null {
  if (stored === null || stored === undefined) return null;
  const parsed = chatPersonaSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
