import { describe, expect, it } from "vitest";
import { cardToCharacterInput, characterToCard } from "@/lib/cards/card-fields";
import { parseCard, toCardV2, toCardV3 } from "@/lib/cards/character-card";
import { characterInput, type CharacterDefinition } from "@/lib/contracts/creation";

const CATALOGUE = [
  { key: "fantasy", name: "Fantasy" },
  { key: "sci-fi", name: "Sci-Fi" },
];
const BOOK = { name: "Lore", entries: [{ keys: ["dragon"], content: "Dragons are real.", enabled: true }] };

const definition: CharacterDefinition = {
  id: 7,
  key: "nova-abc123",
  name: "Nova",
  avatar: "/v1/avatar/bottts/nova-abc123.svg",
  intro: "A starship pilot.",
  greeting: "Strap in.",
  alternate_greetings: ["Hello, cadet.", "Back again?"],
  persona: "Nova flies fast.",
  scenario: "A ship's bridge.",
  example_dialogue: "<START>\n{{user}}: hi\n{{char}}: Strap in.",
  tags: [
    { key: "sci-fi", name: "Sci-Fi" },
    { key: "fantasy", name: "Fantasy" },
  ],
  nsfw: false,
  visibility: "unlisted",
  card: {
    extensions: { depth_prompt: { prompt: "x", depth: 4 }, "risu-app": { utility: true } },
    character_book: BOOK,
    extra: { personality: "brave", source: ["https://example.test"] },
    creator_notes: "",
    system_prompt: "Stay in character.",
    post_history_instructions: "",
    creator: "someone",
    character_version: "1.2",
    nickname: "",
    group_only_greetings: ["Crew, gather."],
  },
  copied_from: null,
  creator: { key: "u_1", name: "Ada" },
  is_owner: true,
  created_at: 1,
  updated_at: 1,
};

/** What a definition holds that a card carries (visibility and avatar are the importer's choice). */
function fieldsOf(d: CharacterDefinition) {
  return {
    name: d.name,
    intro: d.intro,
    greeting: d.greeting,
    alternate_greetings: d.alternate_greetings,
    persona: d.persona,
    scenario: d.scenario,
    example_dialogue: d.example_dialogue,
    tags: d.tags.map((t) => t.key),
    nsfw: d.nsfw,
    card: d.card,
  };
}

describe("card fields", () => {
  it("maps Kewl's fields onto the card's and keeps Kewl's own in extensions.kewl", () => {
    const card = characterToCard(definition);
    expect(card).toMatchObject({
      name: "Nova",
      description: "Nova flies fast.",
      personality: "brave",
      first_mes: "Strap in.",
      mes_example: definition.example_dialogue,
      creator_notes: "A starship pilot.",
      tags: ["Sci-Fi", "Fantasy"],
      character_book: BOOK,
      extra: { source: ["https://example.test"] },
    });
    expect(card.extensions.kewl).toEqual({
      version: 1,
      intro: "A starship pilot.",
      nsfw: false,
      tags: ["sci-fi", "fantasy"],
      filled: ["creator_notes"],
    });
    expect(card.extensions["risu-app"]).toEqual({ utility: true });
  });

  it.each([
    ["V3", toCardV3],
    ["V2", toCardV2],
  ])("gives the same character back after a %s export and import", (_name, write) => {
    const parsed = parseCard(JSON.stringify(write(characterToCard(definition))));
    const { input } = cardToCharacterInput(parsed.card, { tags: CATALOGUE });
    const back = characterInput.parse(input);
    expect({ ...back, tags: back.tags }).toMatchObject({ ...fieldsOf(definition), avatar: "" });
  });

  it("reads a Kewl export's tag keys without the catalogue", () => {
    const parsed = parseCard(JSON.stringify(toCardV3(characterToCard(definition))));
    expect(cardToCharacterInput(parsed.card).input.tags).toEqual(["sci-fi", "fantasy"]);
  });

  it("imports another app's card, says what it could not use, and keeps the rest for export", () => {
    const foreign = {
      spec: "chara_card_v2",
      spec_version: "2.0",
      data: {
        name: "Old Tavern",
        description: "Keeps a tavern.",
        personality: "",
        scenario: "a tavern",
        first_mes: "What'll it be?",
        mes_example: "",
        creator_notes: "A gruff tavern keeper.\n\nMore notes.",
        system_prompt: "",
        post_history_instructions: "",
        alternate_greetings: ["  ", "Hm?"],
        tags: ["fantasy", "Tavern", "NSFW"],
        creator: "someone",
        character_version: "1",
        extensions: { kewl: "not ours", other: { a: 1 } },
        character_book: BOOK,
        future: true,
      },
    };
    const { input, warnings } = cardToCharacterInput(parseCard(JSON.stringify(foreign)).card, { tags: CATALOGUE });
    expect(input).toMatchObject({
      name: "Old Tavern",
      intro: "A gruff tavern keeper.",
      persona: "Keeps a tavern.",
      alternate_greetings: ["Hm?"],
      tags: ["fantasy"],
      nsfw: true,
    });
    expect(input.card).toMatchObject({
      extensions: { other: { a: 1 } },
      character_book: BOOK,
      extra: { future: true },
      creator_notes: "A gruff tavern keeper.\n\nMore notes.",
    });
    expect(warnings.join("\n")).toMatch(/Tavern/);
    expect(() => characterInput.parse(input)).not.toThrow();
  });

  it("cuts over-long text and extra greetings with a warning, so the result passes the form's rules", () => {
    const long = parseCard(
      JSON.stringify({
        name: "x".repeat(80),
        description: "p".repeat(9000),
        first_mes: "hi",
        creator_notes: "notes",
        alternate_greetings: Array.from({ length: 12 }, (_, i) => `g${i}`),
      }),
    ).card;
    const { input, warnings } = cardToCharacterInput(long);
    const parsed = characterInput.parse(input);
    expect(parsed.name).toHaveLength(60);
    expect(parsed.persona).toHaveLength(8000);
    expect(parsed.alternate_greetings).toHaveLength(10);
    expect(warnings.length).toBeGreaterThanOrEqual(3);
  });

  it("drops a lorebook over the size limit with a warning rather than failing the import", () => {
    const big = parseCard(
      JSON.stringify({
        spec: "chara_card_v3",
        spec_version: "3.0",
        data: { name: "Big", first_mes: "hi", character_book: { entries: [{ content: "z".repeat(300 * 1024) }] } },
      }),
    ).card;
    const { input, warnings } = cardToCharacterInput(big);
    expect(input.card?.character_book).toBeNull();
    expect(warnings.some((w) => w.includes("not kept"))).toBe(true);
  });
});
