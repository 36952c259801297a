/** Persona answers (requests and their rules are in persona.ts), in zod/mini for the chat's island. */
import * as z from "zod/mini";

export const personaAnswerSchema = z.object({ name: z.string(), description: z.string() });
export type PersonaAnswer = z.infer<typeof personaAnswerSchema>;

export const chatPersonaAnswerSchema = z.object({
  /** This chat's own persona, or null when it uses the user's. */
  chat: z.nullable(personaAnswerSchema),
  user: personaAnswerSchema,
  /** What {{user}} is when no persona names them. */
  nickname: z.string(),
});
export type ChatPersonaAnswer = z.infer<typeof chatPersonaAnswerSchema>;
