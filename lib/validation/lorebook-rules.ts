import { z } from "zod";
import { text } from "../contracts/fields";

/**
 * A character's lorebook (Character Card V2 `character_book`), as Kewl stores it and the /create editor writes
 * it: the card spec's fields with snake_case names, so a card maps onto it field by field. Shared by the form, the
 * server's contract and the card import. Lengths are characters (UTF-16 code units, as maxLength counts).
 *
 * Keys are plain text. A key that looks like a regular expression (`/dragon(s)?/i`, as SillyTavern allows) is
 * matched as those very characters: running a card's patterns on every reply would let one card stall the server
 * with a catastrophic-backtracking pattern (ReDoS), so no pattern from a card is ever compiled.
 */
export const LOREBOOK_LIMITS = {
  entries: 500,
  keysPerEntry: 50,
  key: 100,
  content: 8_000,
  entryName: 200,
  comment: 1_000,
  bookName: 200,
  description: 2_000,
  /** How many of the newest messages (the new one included) are searched for keys. */
  scanDepth: 100,
  tokenBudget: 32_000,
  /** The whole book as JSON text; the database allows twice this (jsonb's text spaces it out). */
  bytes: 512 * 1024,
} as const;

/** Where an entry goes in the system prompt: before or after the character's persona and scenario. */
export const LORE_POSITIONS = ["before_char", "after_char"] as const;
export type LorePosition = (typeof LORE_POSITIONS)[number];

export const LOREBOOK_MESSAGES = {
  keyTooLong: `A key must be at most ${LOREBOOK_LIMITS.key} characters`,
  tooManyKeys: `At most ${LOREBOOK_LIMITS.keysPerEntry} keys per entry`,
  contentRequired: "Write what the entry tells the character",
  contentTooLong: `An entry must be at most ${LOREBOOK_LIMITS.content.toLocaleString("en")} characters`,
  keysRequired: "Add a key, or make the entry always on",
  tooManyEntries: `At most ${LOREBOOK_LIMITS.entries} entries`,
  tooBig: `The lorebook must be at most ${LOREBOOK_LIMITS.bytes / 1024} KB`,
} as const;

const L = LOREBOOK_LIMITS;
const M = LOREBOOK_MESSAGES;

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
const json: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), text(), z.array(json), z.record(text(), json)]),
);
const extensions = z.record(text(), json).default({});

const keyList = z.array(text().trim().min(1).max(L.key, M.keyTooLong)).max(L.keysPerEntry, M.tooManyKeys);
const order = z.number().int().min(-1_000_000).max(1_000_000);

export const lorebookEntrySchema = z
  .object({
    /** The card's entry id, kept for a round trip; Kewl does not use it. */
    id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    keys: keyList.default([]),
    secondary_keys: keyList.default([]),
    content: text().trim().min(1, M.contentRequired).max(L.content, M.contentTooLong),
    enabled: z.boolean().default(true),
    /** Always in the prompt, keys or not. */
    constant: z.boolean().default(false),
    /** Needs one of its secondary keys as well as one of its keys. */
    selective: z.boolean().default(false),
    case_sensitive: z.boolean().default(false),
    /** Lower goes earlier in the prompt. */
    insertion_order: order.default(100),
    /** When the book's token budget is reached, lower priority is left out first. */
    priority: order.default(10),
    position: z.enum(LORE_POSITIONS).default("after_char"),
    name: text().trim().max(L.entryName).default(""),
    comment: text().trim().max(L.comment).default(""),
    /** V3's switch for regex keys: kept for a round trip, never acted on (keys are always plain text). */
    use_regex: z.boolean().optional(),
    extensions,
  })
  .refine((e) => e.constant || e.keys.length > 0, { message: M.keysRequired, path: ["keys"] });
export type LorebookEntry = z.output<typeof lorebookEntrySchema>;
export type LorebookEntryInput = z.input<typeof lorebookEntrySchema>;

/** The book's fields without the size check (answers, and the stored book as read). */
export const lorebookShape = z.object({
  name: text().trim().max(L.bookName).default(""),
  description: text().trim().max(L.description).default(""),
  scan_depth: z.number().int().min(1).max(L.scanDepth).nullable().default(null),
  token_budget: z.number().int().min(1).max(L.tokenBudget).nullable().default(null),
  recursive_scanning: z.boolean().default(false),
  extensions,
  entries: z.array(lorebookEntrySchema).max(L.entries, M.tooManyEntries).default([]),
});

export const lorebookSchema = lorebookShape.refine(
  (book) => new TextEncoder().encode(JSON.stringify(book)).length <= L.bytes,
  { message: M.tooBig },
);
export type Lorebook = z.output<typeof lorebookSchema>;
export type LorebookInput = z.input<typeof lorebookSchema>;

/** Defaults the prompt uses when a book leaves them open (SillyTavern's scan depth is 2; a little wider here). */
export const LOREBOOK_DEFAULTS = { scanDepth: 4 } as const;

export function newLorebookEntry(insertionOrder = 100): LorebookEntry {
  return {
    keys: [],
    secondary_keys: [],
    content: "",
    enabled: true,
    constant: false,
    selective: false,
    case_sensitive: false,
    insertion_order: insertionOrder,
    priority: 10,
    position: "after_char",
    name: "",
    comment: "",
    extensions: {},
  };
}
