/**
 * PLACEHOLDER until branch creation-crud lands its lib/cards/card-fields.ts (the shared card ↔ form mapping);
 * on merge, that branch's version replaces this file. Same name and signature.
 */
import type { CharacterInput } from "@/lib/contracts/creation";
import { CHARACTER_LIMITS } from "@/lib/validation/character-rules";
import type { CharacterCard } from "./character-card";

export function cardToCharacterInput(card: CharacterCard): { input: CharacterInput; warnings: string[] } {
  const warnings: string[] = [];
  const cut = (value: string, max: number, label: string) => {
    if (value.length <= max) return value;
    warnings.push(`${label} was cut to ${max} characters`);
    return value.slice(0, max);
  };
  const persona = [card.description, card.personality].filter((t) => t.trim()).join("\n\n");
  return {
    input: {
      name: cut(card.name, CHARACTER_LIMITS.name, "The name"),
      intro: cut(card.creator_notes || card.description, CHARACTER_LIMITS.intro, "The intro"),
      greeting: cut(card.first_mes, CHARACTER_LIMITS.greeting, "The greeting"),
      alternate_greetings: card.alternate_greetings.slice(0, CHARACTER_LIMITS.alternateGreetings),
      persona: cut(persona, CHARACTER_LIMITS.persona, "The persona"),
      scenario: cut(card.scenario, CHARACTER_LIMITS.scenario, "The scenario"),
      example_dialogue: cut(card.mes_example, CHARACTER_LIMITS.exampleDialogue, "The example dialogue"),
      tags: [],
      card: {
        extensions: card.extensions,
        character_book: card.character_book,
        extra: card.extra,
        creator_notes: card.creator_notes,
        system_prompt: card.system_prompt,
        post_history_instructions: card.post_history_instructions,
        creator: card.creator,
        character_version: card.character_version,
        nickname: card.nickname,
        group_only_greetings: card.group_only_greetings,
      },
    },
    warnings,
  };
}
