import { CONTROL_CHARACTERS } from "../contracts/fields";
import { LOREBOOK_LIMITS, lorebookSchema, type Lorebook, type LorebookEntry } from "../validation/lorebook-rules";

/**
 * Between a card's `character_book` (Character Card V2/V3, kept verbatim by lib/cards/character-card.ts) and the
 * lorebook Kewl stores (lib/validation/lorebook-rules.ts). Pure and browser-safe: the /create form imports with it,
 * the server exports with it and reads older rows through it.
 *
 * Reading is forgiving, as a card from another app may bend the spec: text that is too long is cut, unusable
 * entries are left out, unknown positions become after_char, and each such change is named in `warnings`.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const L = LOREBOOK_LIMITS;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const str = (value: unknown, max: number): string => (typeof value === "string" ? value.trim().slice(0, max) : "");
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === "boolean" ? value : fallback);
function int(value: unknown, fallback: number, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}
function positive(value: unknown, max: number): number | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 1) return null;
  return Math.min(max, Math.round(value));
}

// Drops what Kewl's text rule refuses (control characters other than tab and line breaks).
const CONTROLS = new RegExp(CONTROL_CHARACTERS.source, "g");
const clean = (s: string) => s.replace(CONTROLS, "");

function keys(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== "string") continue;
    const key = clean(item).trim().slice(0, L.key);
    if (key && !out.includes(key)) out.push(key);
  }
  return out.slice(0, L.keysPerEntry);
}

function extensionsOf(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

function entryOf(raw: unknown, index: number): LorebookEntry | null {
  if (!isObject(raw)) return null;
  const content = clean(str(raw.content, L.content));
  const constant = bool(raw.constant, false);
  const primary = keys(raw.keys ?? raw.key);
  if (!content || (!constant && primary.length === 0)) return null;
  const entry: LorebookEntry = {
    keys: primary,
    secondary_keys: keys(raw.secondary_keys),
    content,
    enabled: bool(raw.enabled, true),
    constant,
    selective: bool(raw.selective, false),
    case_sensitive: bool(raw.case_sensitive, false),
    insertion_order: int(raw.insertion_order, 100 + index, -1_000_000, 1_000_000),
    priority: int(raw.priority, 10, -1_000_000, 1_000_000),
    position: raw.position === "before_char" ? "before_char" : "after_char",
    name: clean(str(raw.name, L.entryName)),
    comment: clean(str(raw.comment, L.comment)),
    extensions: extensionsOf(raw.extensions),
  };
  if (typeof raw.id === "number" && Number.isSafeInteger(raw.id) && raw.id >= 0) entry.id = raw.id;
  if (typeof raw.use_regex === "boolean") entry.use_regex = raw.use_regex;
  return entry;
}

/**
 * A `character_book` as Kewl's lorebook, forgiving and without the schema's final check (no JSON size count), so
 * the prompt can read a stored book on every reply cheaply: null when there is none or it has no usable entry.
 * `unusable` counts the entries left out.
 */
export function normalizeLorebook(book: unknown): { lorebook: Lorebook | null; unusable: number; total: number } {
  if (!isObject(book) || !Array.isArray(book.entries)) return { lorebook: null, unusable: 0, total: 0 };
  const entries: LorebookEntry[] = [];
  book.entries.forEach((raw, index) => {
    const entry = entries.length < L.entries ? entryOf(raw, index) : null;
    if (entry) entries.push(entry);
  });
  const total = book.entries.length;
  const unusable = Math.min(total, L.entries) - entries.length;
  if (entries.length === 0) return { lorebook: null, unusable, total };
  const lorebook: Lorebook = {
    name: clean(str(book.name, L.bookName)),
    description: clean(str(book.description, L.description)),
    scan_depth: positive(book.scan_depth, L.scanDepth),
    token_budget: positive(book.token_budget, L.tokenBudget),
    recursive_scanning: bool(book.recursive_scanning, false),
    extensions: extensionsOf(book.extensions),
    entries,
  };
  return { lorebook, unusable, total };
}

/**
 * A card's `character_book` as Kewl's lorebook: null when the card has none (or none with a usable entry), and
 * checked against the schema as the API would. `warnings` says, in words a person understands, what was left out.
 */
export function lorebookFromCard(book: unknown): { lorebook: Lorebook | null; warnings: string[] } {
  const warnings: string[] = [];
  if (book === null || book === undefined) return { lorebook: null, warnings };
  if (!isObject(book) || !Array.isArray(book.entries)) {
    return { lorebook: null, warnings: ["The card's lorebook could not be read and was left out"] };
  }
  const { lorebook, unusable, total } = normalizeLorebook(book);
  if (unusable) warnings.push(`${unusable} lorebook entries without content or keys were left out`);
  if (total > L.entries) warnings.push(`Only the first ${L.entries} lorebook entries were kept`);
  if (!lorebook) {
    if (total) warnings.push("The card's lorebook has no usable entry and was left out");
    return { lorebook: null, warnings };
  }
  const parsed = lorebookSchema.safeParse(lorebook);
  if (!parsed.success) {
    warnings.push(`The card's lorebook is over ${L.bytes / 1024} KB or malformed and was left out`);
    return { lorebook: null, warnings };
  }
  return { lorebook: parsed.data, warnings };
}

/** Kewl's lorebook as a card's `character_book` (Character Card V2 field names and types). */
export function lorebookToCard(lorebook: Lorebook): JsonObject {
  const book: JsonObject = {
    name: lorebook.name,
    description: lorebook.description,
    recursive_scanning: lorebook.recursive_scanning,
    extensions: lorebook.extensions,
    entries: lorebook.entries.map((e) => {
      const entry: JsonObject = {
        keys: e.keys,
        secondary_keys: e.secondary_keys,
        content: e.content,
        enabled: e.enabled,
        constant: e.constant,
        selective: e.selective,
        case_sensitive: e.case_sensitive,
        insertion_order: e.insertion_order,
        priority: e.priority,
        position: e.position,
        name: e.name,
        comment: e.comment,
        extensions: e.extensions,
      };
      if (e.id !== undefined) entry.id = e.id;
      if (e.use_regex !== undefined) entry.use_regex = e.use_regex;
      return entry;
    }),
  };
  if (lorebook.scan_depth !== null) book.scan_depth = lorebook.scan_depth;
  if (lorebook.token_budget !== null) book.token_budget = lorebook.token_budget;
  return book;
}
