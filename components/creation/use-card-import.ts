"use client";

import { useState } from "react";
import { cardToCharacterInput } from "@/lib/cards/card-fields";
import type { TagChoice } from "@/lib/creation/card-tags";
import {
  EMPTY_CHARACTER,
  keptCardText,
  lorebookText,
  type CharacterFormApi,
  type CharacterFormValues,
} from "@/lib/creation/character-form";
import { CardFileError, readCardFile } from "@/lib/creation/read-card-file";

export type CardImportState =
  | { status: "idle" }
  | { status: "reading" }
  | { status: "error"; message: string }
  | { status: "done"; name: string; warnings: string[] };

/**
 * Reads a card file in the browser and fills the form from it (lib/cards' model through cardToCharacterInput),
 * keeping the visibility and avatar already chosen; the card's tag names are matched to the catalogue's tags. A PNG card's image is uploaded as the avatar. What could not be used is
 * listed in the state's warnings.
 */
export function useCardImport(
  form: CharacterFormApi,
  tags: readonly TagChoice[],
  uploadAvatar: (file: File) => Promise<string | null>,
) {
  const [state, setState] = useState<CardImportState>({ status: "idle" });

  async function importFile(file: File): Promise<void> {
    setState({ status: "reading" });
    let parsed;
    try {
      parsed = await readCardFile(file);
    } catch (err) {
      const message = err instanceof CardFileError ? err.message : "This file could not be read as a character card.";
      setState({ status: "error", message });
      return;
    }
    const { input, warnings } = cardToCharacterInput(parsed.card, { tags });
    const current = form.getValues();
    const values: CharacterFormValues = {
      ...EMPTY_CHARACTER,
      name: input.name,
      intro: input.intro,
      greeting: input.greeting,
      alternate_greetings: input.alternate_greetings ?? [],
      persona: input.persona ?? "",
      scenario: input.scenario ?? "",
      example_dialogue: input.example_dialogue ?? "",
      tags: input.tags ?? [],
      nsfw: input.nsfw ?? current.nsfw,
      visibility: current.visibility,
      avatar: current.avatar,
      card: keptCardText(input.card),
      lorebook: lorebookText(input.lorebook),
    };
    const report = [...parsed.warnings, ...warnings];
    if (input.card !== undefined && values.card === "")
      report.push("The card's other data (lorebook, extensions) is too large to keep and was left out");
    form.reset(values, { keepDefaultValues: true });
    setState({ status: "done", name: input.name, warnings: report });
    if (parsed.isPng) {
      const url = await uploadAvatar(file);
      if (!url) report.push("The card's image could not be uploaded as the avatar");
      setState({ status: "done", name: input.name, warnings: [...report] });
    }
  }

  return { state, importFile, dismiss: () => setState({ status: "idle" }) };
}
