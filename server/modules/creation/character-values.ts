import type { z } from "zod";
import type { characterInput } from "../../../lib/contracts/creation";
import type { robots } from "../../db/schema";
import { tagText, type ResolvedTag } from "./character-tags";

export type ParsedCharacterInput = z.output<typeof characterInput>;

/** The robots columns the form's fields set (create and update alike). */
export function characterColumns(input: ParsedCharacterInput, resolved: readonly ResolvedTag[], avatar: string) {
  return {
    name: input.name,
    avatar,
    intro: input.intro,
    greeting: input.greeting,
    alternateGreetings: input.alternate_greetings,
    persona: input.persona,
    scenario: input.scenario,
    exampleDialogue: input.example_dialogue,
    nsfw: input.nsfw,
    visibility: input.visibility,
    tagText: tagText(resolved),
    ...(input.card ? { cardExtras: input.card } : {}),
    ...(input.lorebook !== undefined ? { lorebook: input.lorebook } : {}),
  } satisfies Partial<typeof robots.$inferInsert>;
}
