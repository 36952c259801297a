import { describe, expect, it } from "vitest";
import { cardToCharacterInput, characterToCard } from "@/lib/cards/card-fields";
import { parseCard, toCardV2, toCardV3 } from "@/lib/cards/character-card";
import { lorebookToCard } from "@/lib/cards/card-lorebook";
import { characterInput, type CharacterDefinition } from "@/lib/contracts/creation";
import { lorebookSchema } from "@/lib/validation/lorebook-rules";

const CATALOGUE = [
  { key: "fantasy", name: "Fantasy" },
  { key: "sci-fi", name: "Sci-Fi" },
];
const BOOK = { name: "Lore", entries: [{ keys: ["dragon"], content: "Dragons are real.", enabled: true }] };
const LOREBOOK = lorebookSchema.parse({
  name: "Skies",
  scan_depth: 3,
  token_budget: 500,
  recursive_scanning: true,
  extensions: { app: { x: 1 } },
  entries: [
    {
      keys: ["engine", "/warp\\s+drive/i"],
      secondary_keys: ["broken"],
      selective: true,
      case_sensitive: true,
      insertion_order: 5,
      priority: 7,
      position: "before_char",
      content: "The engine hums.",
      name: "Engine",
      comment: "note",
      use_regex: true,
      extensions: { weight: 3 },
    },
    { constant: true, enabled: false, content: "Always {{char}}." },
  ],
});

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
    character_book: null,
    extra: { personality: "brave", source: ["https://example.test"] },
    creator_notes: "",
    system_prompt: "Stay in character.",
    post_history_instructions: "",
    creator: "someone",
    character_version: "1.2",
    nickname: "",
    group_only_greetings: ["Crew, gather."],
  },
  lorebook: LOREBOOK,
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
    lorebook: d.lorebook,
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
      character_book: lorebookToCard(LOREBOOK),
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

  it("writes the lorebook with the Character Card V2 field names", () => {
    const book = characterToCard(definition).character_book as Record<string, unknown>;
    expect(book).toMatchObject({ name: "Skies", scan_depth: 3, token_budget: 500, recursive_scanning: true });
    expect((book.entries as unknown[])[0]).toEqual({
      keys: ["engine", "/warp\\s+drive/i"],
      secondary_keys: ["broken"],
      content: "The engine hums.",
      enabled: true,
      constant: false,
      selective: true,
      case_sensitive: true,
      insertion_order: 5,
      priority: 7,
      position: "before_char",
      name: "Engine",
      comment: "note",
      use_regex: true,
      extensions: { weight: 3 },
    });
  });

  it("gives back a lorebook kept in the card data (from before lorebooks had their own column)", () => {
    const legacy = { ...definition, lorebook: null, card: { ...definition.card, character_book: BOOK } };
    expect(characterToCard(legacy).character_book).toEqual(BOOK);
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
    expect(input.lorebook?.entries).toMatchObject([{ keys: ["dragon"], content: "Dragons are real.", enabled: true }]);
    expect(input.card).toMatchObject({
      extensions: { other: { a: 1 } },
      character_book: null,
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

  it("leaves out lorebook entries it cannot use, cuts long ones and drops a book over the size limit, with warnings", () => {
    const cardWith = (character_book: unknown) =>
      parseCard(
        JSON.stringify({
          spec: "chara_card_v3",
          spec_version: "3.0",
          data: { name: "Big", description: "Big.", first_mes: "hi", character_book },
        }),
      ).card;
    const odd = cardToCharacterInput(
      cardWith({
        scan_depth: 9999,
        entries: [
          { content: "no keys" },
          { keys: ["a", 5, "a"], content: "z".repeat(9000), position: 4 },
          "not an entry",
        ],
      }),
    );
    expect(odd.input.lorebook?.scan_depth).toBe(100);
    expect(odd.input.lorebook?.entries).toMatchObject([{ keys: ["a"], position: "after_char" }]);
    expect(odd.input.lorebook?.entries?.[0]?.content).toHaveLength(8000);
    expect(odd.warnings.some((w) => w.includes("2 lorebook entries"))).toBe(true);
    expect(() => characterInput.parse(odd.input)).not.toThrow();

    const entries = Array.from({ length: 100 }, (_, i) => ({ keys: [`k${i}`], content: "z".repeat(7000) }));
    const big = cardToCharacterInput(cardWith({ entries }));
    expect(big.input.lorebook).toBeNull();
    expect(big.warnings.some((w) => w.includes("over 512 KB"))).toBe(true);
  });
});
