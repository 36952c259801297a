import { describe, expect, it } from "vitest";
import { CARD_FIELD_MAX_CHARS, CardError, parseCard, toCardV2, toCardV3 } from "@/lib/cards/character-card";

/** Cards shaped as the V1, V2 and V3 specs and other apps write them (not produced by the code under test). */
const V1 = {
  name: "Old Tavern",
  description: "A V1 card",
  personality: "gruff",
  scenario: "a tavern",
  first_mes: "What'll it be?",
  mes_example: "<START>\n{{user}}: hi\n{{char}}: hm.",
  avatar: "none",
  create_date: "2023-5-1",
};
const BOOK = {
  name: "Lore",
  entries: [
    { keys: ["/dragon(s)?/i"], content: "Dragons are real.", extensions: {}, enabled: true, insertion_order: 0 },
  ],
  extensions: {},
};
const V2 = {
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: {
    ...V1,
    creator_notes: "notes",
    system_prompt: "sys",
    post_history_instructions: "post",
    alternate_greetings: ["Hey.", "Yo."],
    tags: ["fantasy"],
    creator: "someone",
    character_version: "1.2",
    extensions: { depth_prompt: { prompt: "x", depth: 4 }, "risu-app": { utility: true } },
    character_book: BOOK,
    some_future_field: { kept: true },
  },
};
const V3 = {
  spec: "chara_card_v3",
  spec_version: "3.0",
  data: {
    ...V2.data,
    nickname: "Tav",
    group_only_greetings: ["Everyone, welcome."],
    assets: [{ type: "icon", uri: "ccdefault:", name: "main", ext: "png" }],
    creator_notes_multilingual: { fr: "notes" },
    source: ["https://example.com/card"],
    creation_date: 1700000000,
    modification_date: 1700000100,
  },
};

describe("parseCard", () => {
  it("reads V1, V2 and V3 into one model", () => {
    const v1 = parseCard(JSON.stringify(V1));
    expect(v1.version).toBe(1);
    expect(v1.card).toMatchObject({ name: "Old Tavern", first_mes: "What'll it be?", alternate_greetings: [] });
    expect(v1.card.extra).toEqual({ avatar: "none", create_date: "2023-5-1" });

    const v2 = parseCard(JSON.stringify(V2));
    expect(v2.version).toBe(2);
    expect(v2.card).toMatchObject({ system_prompt: "sys", alternate_greetings: ["Hey.", "Yo."], tags: ["fantasy"] });
    expect(v2.card.character_book).toEqual(BOOK);
    expect(v2.card.extensions).toEqual(V2.data.extensions);
    expect(v2.card.extra).toMatchObject({ some_future_field: { kept: true } });
    expect(v2.warnings).toEqual([]);

    const v3 = parseCard(JSON.stringify(V3));
    expect(v3.version).toBe(3);
    expect(v3.card).toMatchObject({ nickname: "Tav", group_only_greetings: ["Everyone, welcome."] });
    expect(v3.card.extra).toMatchObject({ assets: V3.data.assets, source: V3.data.source, creation_date: 1700000000 });
  });

  it("keeps another app's fields intact through an export and a second import", () => {
    for (const original of [V2, V3]) {
      const first = parseCard(JSON.stringify(original)).card;
      const v3 = toCardV3(first);
      expect(v3.data).toMatchObject(original.data);
      expect(parseCard(JSON.stringify(v3)).card).toEqual(first);
      const v2 = toCardV2(first);
      expect(v2).toMatchObject({ spec: "chara_card_v2", name: first.name, first_mes: first.first_mes });
      expect(v2.data).toMatchObject(original.data);
      expect(parseCard(JSON.stringify(v2)).card).toEqual(first);
    }
  });

  it("reports what it could not use instead of failing", () => {
    const odd = {
      spec: "chara_card_v2",
      data: {
        name: "Odd",
        description: 42,
        scenario: "x".repeat(CARD_FIELD_MAX_CHARS + 1),
        tags: ["ok", 7, null],
        alternate_greetings: "not a list",
        extensions: "nope",
      },
    };
    const { card, warnings } = parseCard(JSON.stringify(odd));
    expect(card).toMatchObject({
      name: "Odd",
      description: "",
      scenario: "",
      tags: ["ok"],
      alternate_greetings: [],
      extensions: {},
    });
    expect(warnings).toEqual([
      "description is not text and was not used",
      "scenario is longer than 50,000 characters and was not used",
      "alternate_greetings is not a list and was not used",
      "2 of tags could not be used",
      "extensions is not an object and was not used",
    ]);
  });

  it("keeps script-like text and lorebook regular expressions as inert text", () => {
    const card = parseCard(
      JSON.stringify({
        name: "<img src=x onerror=alert(1)>",
        first_mes: "<script>alert(1)</script>",
        character_book: BOOK,
      }),
    ).card;
    expect(card.name).toBe("<img src=x onerror=alert(1)>");
    expect(card.first_mes).toBe("<script>alert(1)</script>");
    expect(card.character_book).toEqual(BOOK);
  });

  it("refuses what is not a character card with a clear error", () => {
    for (const [json, message] of [
      ["{not json", "not valid JSON"],
      ["[1,2]", "not a JSON object"],
      ['{"spec":"chara_card_v2"}', "no data"],
      ['{"spec":"something_else","data":{}}', "Unknown card format"],
      ['{"description":"no name"}', "no name"],
    ] as const) {
      expect(() => parseCard(json)).toThrow(CardError);
      expect(() => parseCard(json)).toThrow(message);
    }
  });
});
