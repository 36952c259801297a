import type { Persona } from "../../../lib/validation/persona-rules";

/**
 * Who the user is in a chat, for the prompt: the chat's own persona when it has one, else the user's persona, and
 * the nickname when neither names them. Pure.
 */
export function resolvePersona(nickname: string, own: Persona, chat: Persona | null): Persona {
  if (chat) return { name: chat.name.trim() || own.name.trim() || nickname, description: chat.description.trim() };
  return { name: own.name.trim() || nickname, description: own.description.trim() };
}

/** The system prompt's section about the user ("" without a description). `description` has names filled in. */
export function personaBlock(userName: string, description: string): string {
  const text = description.trim();
  return text ? `## ${userName}, who you are talking with\n${text}` : "";
}
