import { z } from "zod";
import { text } from "../contracts/fields";

/**
 * The user's persona: who they are in a chat. The name stands in for {{user}} (the nickname when it is empty);
 * the description is given to the model. One per user, and optionally one per chat that overrides it. Shared by
 * the persona dialog and the server; the database checks the same lengths.
 */
export const PERSONA_LIMITS = { name: 40, description: 1_000 } as const;

export const PERSONA_MESSAGES = {
  nameTooLong: `Name must be at most ${PERSONA_LIMITS.name} characters`,
  nameRequired: "Please enter a name for this chat",
  descriptionTooLong: `Description must be at most ${PERSONA_LIMITS.description.toLocaleString("en")} characters`,
} as const;

const descriptionRule = text().trim().max(PERSONA_LIMITS.description, PERSONA_MESSAGES.descriptionTooLong);

/** The user's own persona; an empty name means their nickname. */
export const personaSchema = z.object({
  name: text().trim().max(PERSONA_LIMITS.name, PERSONA_MESSAGES.nameTooLong),
  description: descriptionRule,
});
export type Persona = z.output<typeof personaSchema>;

/** A chat's own persona: it always names someone (to go back to the user's persona, clear the override). */
export const chatPersonaSchema = z.object({
  name: text().trim().min(1, PERSONA_MESSAGES.nameRequired).max(PERSONA_LIMITS.name, PERSONA_MESSAGES.nameTooLong),
  description: descriptionRule,
});
