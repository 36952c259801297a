import { z } from "zod";
import { text } from "../contracts/fields";
import { visibleName } from "./visible-text";

/**
 * The character form's rules with their messages, shared by /create (react-hook-form + zod) and the server
 * (lib/contracts/creation.ts). Limits are characters (UTF-16 code units, as a textarea's maxLength counts).
 */
export const CHARACTER_LIMITS = {
  name: 60,
  intro: 500,
  greeting: 4_000,
  alternateGreeting: 4_000,
  alternateGreetings: 10,
  persona: 8_000,
  scenario: 4_000,
  exampleDialogue: 8_000,
  tags: 5,
  /** The kept card data (extensions, lorebook, other fields) as JSON text. */
  cardExtrasBytes: 256 * 1024,
} as const;

export const VISIBILITIES = ["public", "unlisted", "private"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const CHARACTER_MESSAGES = {
  nameRequired: "Please enter a name",
  nameTooLong: `Name must be at most ${CHARACTER_LIMITS.name} characters`,
  nameDirection: "Name cannot contain text direction characters",
  introRequired: "Please write a short intro",
  introTooLong: `Intro must be at most ${CHARACTER_LIMITS.intro} characters`,
  greetingRequired: "Please write the first message",
  greetingTooLong: `Greeting must be at most ${CHARACTER_LIMITS.greeting} characters`,
  alternateTooLong: `Each greeting must be at most ${CHARACTER_LIMITS.alternateGreeting} characters`,
  alternateTooMany: `At most ${CHARACTER_LIMITS.alternateGreetings} alternate greetings`,
  personaTooLong: `Persona must be at most ${CHARACTER_LIMITS.persona} characters`,
  scenarioTooLong: `Scenario must be at most ${CHARACTER_LIMITS.scenario} characters`,
  exampleTooLong: `Example dialogue must be at most ${CHARACTER_LIMITS.exampleDialogue} characters`,
  tagsTooMany: `Pick at most ${CHARACTER_LIMITS.tags} tags`,
  nameUsed: "A character with this name already exists. You can still use it.",
} as const;

const M = CHARACTER_MESSAGES;
const L = CHARACTER_LIMITS;

export const characterNameRule = visibleName(text().trim().min(1, M.nameRequired).max(L.name, M.nameTooLong), {
  direction: M.nameDirection,
  required: M.nameRequired,
});
export const characterIntroRule = text().trim().min(1, M.introRequired).max(L.intro, M.introTooLong);
export const characterGreetingRule = text().trim().min(1, M.greetingRequired).max(L.greeting, M.greetingTooLong);
export const alternateGreetingsRule = z
  .array(text().trim().min(1).max(L.alternateGreeting, M.alternateTooLong))
  .max(L.alternateGreetings, M.alternateTooMany);
export const personaRule = text().trim().max(L.persona, M.personaTooLong);
export const scenarioRule = text().trim().max(L.scenario, M.scenarioTooLong);
export const exampleDialogueRule = text().trim().max(L.exampleDialogue, M.exampleTooLong);
export const characterTagsRule = z
  .array(
    text()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9-]+$/, "is not a tag key"),
  )
  .max(L.tags, M.tagsTooMany);
export const visibilityRule = z.enum(VISIBILITIES);
