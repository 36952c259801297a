import { describe, expect, it } from "vitest";
import { compileLorebook, loreBudget, selectLore } from "@/server/modules/chat/lorebook-selection";
import { estimateTokens } from "@/server/modules/chat/token-estimate";
import { lorebookSchema, type LorebookEntryInput, type LorebookInput } from "@/lib/validation/lorebook-rules";

function book(entries: LorebookEntryInput[], extra: Partial<LorebookInput> = {}) {
  return compileLorebook(lorebookSchema.parse({ entries, ...extra }));
}

const pick = (b: ReturnType<typeof book>, newest: string[], budget = 1000) => {
  const lore = selectLore(b, newest, budget);
  return [...lore.before, ...lore.after];
};

describe("lorebook selection", () => {
  it("takes an entry whose key is in the newest messages, and not one whose key is absent", () => {
    const b = book([
      { keys: ["dragon"], content: "Dragons sleep under the mountain." },
      { keys: ["castle"], content: "The castle has three towers." },
    ]);
    expect(pick(b, ["We saw a Dragon today"])).toEqual(["Dragons sleep under the mountain."]);
  });

  it("always takes constant entries, with or without keys", () => {
    const b = book([
      { constant: true, content: "Magic is forbidden in the city." },
      { keys: ["dragon"], content: "Dragons sleep under the mountain." },
    ]);
    expect(pick(b, ["hello"])).toEqual(["Magic is forbidden in the city."]);
  });

  it("never takes disabled entries, constant or keyed", () => {
    const b = book([
      { constant: true, enabled: false, content: "off constant" },
      { keys: ["dragon"], enabled: false, content: "off keyed" },
    ]);
    expect(pick(b, ["dragon"])).toEqual([]);
  });

  it("needs a secondary key for a selective entry", () => {
    const b = book([{ keys: ["sword"], secondary_keys: ["cursed"], selective: true, content: "The cursed sword." }]);
    expect(pick(b, ["a sword"])).toEqual([]);
    expect(pick(b, ["a sword", "it looks cursed"])).toEqual(["The cursed sword."]);
  });

  it("treats a selective entry without secondary keys as an ordinary one", () => {
    const b = book([{ keys: ["sword"], selective: true, content: "A sword." }]);
    expect(pick(b, ["a sword"])).toEqual(["A sword."]);
  });

  it("ignores secondary keys of an entry that is not selective", () => {
    const b = book([{ keys: ["sword"], secondary_keys: ["cursed"], content: "A sword." }]);
    expect(pick(b, ["a sword"])).toEqual(["A sword."]);
  });

  it("matches case-sensitive entries exactly and the others in any case", () => {
    const b = book([
      { keys: ["Rose"], case_sensitive: true, content: "Rose is the queen." },
      { keys: ["ROSE"], content: "Roses grow in the garden." },
    ]);
    expect(pick(b, ["a rose"])).toEqual(["Roses grow in the garden."]);
    expect(pick(b, ["Rose came in"])).toEqual(["Rose is the queen.", "Roses grow in the garden."]);
  });

  it("keeps case-sensitive and case-insensitive keys of one book apart, secondary keys included", () => {
    const b = book([
      { keys: ["moon"], content: "folded" },
      { keys: ["Sun"], secondary_keys: ["Rise"], selective: true, case_sensitive: true, content: "exact selective" },
      { keys: ["STAR"], case_sensitive: true, content: "exact" },
    ]);
    expect(pick(b, ["MOON sun rise star"])).toEqual(["folded"]);
    expect(pick(b, ["Sun Rise"])).toEqual(["exact selective"]);
    expect(pick(b, ["Sun rise STAR"])).toEqual(["exact"]);
  });

  it("reads only the newest scan_depth messages", () => {
    const b = book([{ keys: ["dragon"], content: "Dragon lore." }], { scan_depth: 2 });
    expect(pick(b, ["dragon", "hello", "how are you"])).toEqual([]);
    expect(pick(b, ["hello", "dragon", "how are you"])).toEqual(["Dragon lore."]);
  });

  it("uses a scan depth of 4 when the book sets none", () => {
    const b = book([{ keys: ["dragon"], content: "Dragon lore." }]);
    expect(pick(b, ["dragon", "a", "b", "c", "d"])).toEqual([]);
    expect(pick(b, ["dragon", "a", "b", "c"])).toEqual(["Dragon lore."]);
  });

  it("matches a regex-looking key as plain text and never runs it", () => {
    const b = book([{ keys: ["/(a+)+$/i"], content: "Pattern entry." }]);
    // As a regex this would match "aaaa"; as text it does not.
    expect(pick(b, ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"])).toEqual([]);
    expect(pick(b, ["someone typed /(a+)+$/i here"])).toEqual(["Pattern entry."]);
  });

  it("orders entries by insertion order, split by position", () => {
    const b = book([
      { keys: ["x"], insertion_order: 30, content: "third" },
      { keys: ["x"], insertion_order: 10, content: "first", position: "before_char" },
      { keys: ["x"], insertion_order: 20, content: "second" },
    ]);
    const lore = selectLore(b, ["x"], 1000);
    expect(lore.before).toEqual(["first"]);
    expect(lore.after).toEqual(["second", "third"]);
  });

  it("cuts at the token budget: lower priority is left out first, smaller entries still fit", () => {
    const long = "word ".repeat(40).trim(); // 199 characters: 50 tokens, 51 with its separator
    const b = book([
      { keys: ["x"], insertion_order: 1, priority: 1, content: `low ${long}` },
      { keys: ["x"], insertion_order: 2, priority: 5, content: `high ${long}` },
      { keys: ["x"], insertion_order: 3, priority: 0, content: "tiny" },
    ]);
    const highCost = estimateTokens(`high ${long}`) + 1;
    const lore = selectLore(b, ["x"], highCost + 3);
    expect(lore.after).toEqual([`high ${long}`, "tiny"]);
    expect(lore.tokens).toBeLessThanOrEqual(highCost + 3);
  });

  it("puts constant entries first when the budget is tight", () => {
    const b = book([
      { keys: ["x"], priority: 100, content: "keyed entry text" },
      { constant: true, priority: 0, content: "constant entry text" },
    ]);
    expect(pick(b, ["x"], estimateTokens("constant entry text") + 1)).toEqual(["constant entry text"]);
  });

  it("follows keys found in active entries only with recursive scanning", () => {
    const entries = [
      { keys: ["king"], content: "The king has a daughter named Elsa." },
      { keys: ["elsa"], content: "Elsa rides a white horse." },
    ];
    expect(pick(book(entries), ["the king"])).toEqual(["The king has a daughter named Elsa."]);
    expect(pick(book(entries, { recursive_scanning: true }), ["the king"])).toEqual([
      "The king has a daughter named Elsa.",
      "Elsa rides a white horse.",
    ]);
  });

  it("settles on a ring of entries that name each other", () => {
    const b = book(
      [
        { keys: ["a1"], content: "mentions b1" },
        { keys: ["b1"], content: "mentions a1" },
      ],
      { recursive_scanning: true },
    );
    expect(pick(b, ["a1"])).toEqual(["mentions b1", "mentions a1"]);
  });

  it("keeps the lore to the book's budget and at most a quarter of the prompt", () => {
    expect(loreBudget(book([], { token_budget: 300 }), 8000)).toBe(300);
    expect(loreBudget(book([], { token_budget: 5000 }), 8000)).toBe(2000);
    expect(loreBudget(book([]), 8000)).toBe(2000);
  });

  it("fills names into the chosen entries", () => {
    const b = book([{ constant: true, content: "{{char}} owes {{USER}} money." }]);
    const lore = selectLore(b, [], 100, (t) => t.replace(/\{\{char\}\}/gi, "Aria").replace(/\{\{user\}\}/gi, "Sam"));
    expect(lore.after).toEqual(["Aria owes Sam money."]);
  });
});
