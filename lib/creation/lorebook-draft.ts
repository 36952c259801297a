import { LORE_POSITIONS, newLorebookEntry, type Lorebook, type LorebookEntry } from "@/lib/validation/lorebook-rules";

/**
 * The lorebook as the /create editor works on it. The form holds it as JSON text (lib/creation/character-form.ts);
 * this reads that text back without dropping anything half-written (an entry with no keys or content yet stays, and
 * the form's schema says what is missing on submit). Values of the wrong type fall back to the defaults.
 */
export const EMPTY_LOREBOOK: Lorebook = {
  name: "",
  description: "",
  scan_depth: null,
  token_budget: null,
  recursive_scanning: false,
  extensions: {},
  entries: [],
};

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === "string") : []);
const orNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

function entryOf(raw: unknown): LorebookEntry {
  const base = newLorebookEntry();
  if (!isObject(raw)) return base;
  const pick = <K extends keyof LorebookEntry>(key: K, type: "string" | "boolean" | "number") =>
    (typeof raw[key] === type ? raw[key] : base[key]) as LorebookEntry[K];
  const entry: LorebookEntry = {
    ...base,
    keys: strings(raw.keys),
    secondary_keys: strings(raw.secondary_keys),
    content: pick("content", "string"),
    enabled: pick("enabled", "boolean"),
    constant: pick("constant", "boolean"),
    selective: pick("selective", "boolean"),
    case_sensitive: pick("case_sensitive", "boolean"),
    insertion_order: pick("insertion_order", "number"),
    priority: pick("priority", "number"),
    position: LORE_POSITIONS.find((p) => p === raw.position) ?? base.position,
    name: pick("name", "string"),
    comment: pick("comment", "string"),
    extensions: isObject(raw.extensions) ? (raw.extensions as LorebookEntry["extensions"]) : {},
  };
  if (typeof raw.id === "number") entry.id = raw.id;
  if (typeof raw.use_regex === "boolean") entry.use_regex = raw.use_regex;
  return entry;
}

export function readLorebookText(text: string): Lorebook {
  if (!text) return EMPTY_LOREBOOK;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return EMPTY_LOREBOOK;
  }
  if (!isObject(raw)) return EMPTY_LOREBOOK;
  return {
    name: typeof raw.name === "string" ? raw.name : "",
    description: typeof raw.description === "string" ? raw.description : "",
    scan_depth: orNull(raw.scan_depth),
    token_budget: orNull(raw.token_budget),
    recursive_scanning: raw.recursive_scanning === true,
    extensions: isObject(raw.extensions) ? (raw.extensions as Lorebook["extensions"]) : {},
    entries: Array.isArray(raw.entries) ? raw.entries.map(entryOf) : [],
  };
}

/** The editor's book as the form's text: "" once it has no entries (no lorebook). */
export function lorebookToText(book: Lorebook): string {
  return book.entries.length ? JSON.stringify(book) : "";
}

/** An entry's insertion order after the others, so a new one goes last. */
export function nextInsertionOrder(book: Lorebook): number {
  return book.entries.reduce((max, e) => Math.max(max, e.insertion_order), 90) + 10;
}
