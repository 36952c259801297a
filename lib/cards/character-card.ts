/**
 * Character Card V1, V2 (`spec: "chara_card_v2"`) and V3 (`spec: "chara_card_v3"`) JSON, read into one model and
 * written back. Fields Kewl does not use are kept verbatim (`extensions`, `character_book`, V3's assets and
 * multilingual notes, and any unknown field of `data`), so a card exported again gives them back unchanged. Card
 * text is data only: nothing in it is evaluated, and no regular expression from a card (lorebook keys may hold
 * some) is ever run.
 */
export const CARD_FIELD_MAX_CHARS = 50_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CardError";
  }
}

/** The text fields every version has (V1's names). */
const TEXT_FIELDS = ["name", "description", "personality", "scenario", "first_mes", "mes_example"] as const;
/** Text fields V2 added (V3 keeps them). */
const V2_TEXT_FIELDS = [
  "creator_notes",
  "system_prompt",
  "post_history_instructions",
  "creator",
  "character_version",
] as const;
type TextField = (typeof TEXT_FIELDS)[number] | (typeof V2_TEXT_FIELDS)[number] | "nickname";
const LIST_FIELDS = ["alternate_greetings", "tags", "group_only_greetings"] as const;
type ListField = (typeof LIST_FIELDS)[number];

export type CharacterCard = Record<TextField, string> &
  Record<ListField, string[]> & {
    extensions: JsonObject;
    /** The lorebook, verbatim (null when the card has none). */
    character_book: Json;
    /** Every other field of the card's `data` (V3's assets, source, dates, multilingual notes, unknown ones). */
    extra: JsonObject;
  };

export interface ParsedCard {
  card: CharacterCard;
  version: 1 | 2 | 3;
  /** What could not be used, in words a person understands. */
  warnings: string[];
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const KNOWN = new Set<string>([
  ...TEXT_FIELDS,
  ...V2_TEXT_FIELDS,
  "nickname",
  ...LIST_FIELDS,
  "extensions",
  "character_book",
]);

function readText(source: JsonObject, field: TextField, warnings: string[]): string {
  const value = source[field];
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") {
    warnings.push(`${field} is not text and was not used`);
    return "";
  }
  if (value.length > CARD_FIELD_MAX_CHARS) {
    warnings.push(`${field} is longer than ${CARD_FIELD_MAX_CHARS.toLocaleString("en")} characters and was not used`);
    return "";
  }
  return value;
}

function readList(source: JsonObject, field: ListField, warnings: string[]): string[] {
  const value = source[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    warnings.push(`${field} is not a list and was not used`);
    return [];
  }
  const texts = value.filter((item): item is string => typeof item === "string" && item.length <= CARD_FIELD_MAX_CHARS);
  if (texts.length < value.length) warnings.push(`${value.length - texts.length} of ${field} could not be used`);
  return texts;
}

function versionOf(root: JsonObject): 1 | 2 | 3 {
  if (root.spec === "chara_card_v3") return 3;
  if (root.spec === "chara_card_v2") return 2;
  if (root.spec !== undefined) throw new CardError(`Unknown card format ${JSON.stringify(root.spec).slice(0, 40)}`);
  return 1;
}

/** A card's JSON text as the one model. Throws CardError when the text is not a character card at all. */
export function parseCard(json: string): ParsedCard {
  let root: unknown;
  try {
    root = JSON.parse(json);
  } catch {
    throw new CardError("The card is not valid JSON");
  }
  if (!isObject(root)) throw new CardError("The card is not a JSON object");
  const version = versionOf(root);
  const source = version === 1 ? root : root.data;
  if (!isObject(source)) throw new CardError("The card has no data");
  const warnings: string[] = [];
  const text = (field: TextField) => readText(source, field, warnings);
  const list = (field: ListField) => readList(source, field, warnings);
  const card: CharacterCard = {
    name: text("name"),
    description: text("description"),
    personality: text("personality"),
    scenario: text("scenario"),
    first_mes: text("first_mes"),
    mes_example: text("mes_example"),
    creator_notes: text("creator_notes"),
    system_prompt: text("system_prompt"),
    post_history_instructions: text("post_history_instructions"),
    creator: text("creator"),
    character_version: text("character_version"),
    nickname: text("nickname"),
    alternate_greetings: list("alternate_greetings"),
    tags: list("tags"),
    group_only_greetings: list("group_only_greetings"),
    extensions: isObject(source.extensions) ? source.extensions : {},
    character_book: source.character_book ?? null,
    // A V1 card's top level is its data; the V2/V3 envelope's own fields (spec, spec_version) are not.
    extra: Object.fromEntries(
      Object.entries(source).filter(
        ([key]) => !KNOWN.has(key) && !(version === 1 && (key === "spec" || key === "spec_version")),
      ),
    ),
  };
  if (source.extensions !== undefined && !isObject(source.extensions))
    warnings.push("extensions is not an object and was not used");
  if (!card.name.trim()) throw new CardError("The card has no name");
  return { card, version, warnings };
}

function dataFields(card: CharacterCard): JsonObject {
  const data: JsonObject = { ...card.extra };
  for (const field of [...TEXT_FIELDS, ...V2_TEXT_FIELDS]) data[field] = card[field];
  data.alternate_greetings = card.alternate_greetings;
  data.tags = card.tags;
  data.extensions = card.extensions;
  if (card.character_book !== null) data.character_book = card.character_book;
  return data;
}

/** The card as Character Card V3 JSON (`ccv3` chunk, JSON export). */
export function toCardV3(card: CharacterCard): JsonObject {
  const data = dataFields(card);
  data.group_only_greetings = card.group_only_greetings;
  if (card.nickname) data.nickname = card.nickname;
  return { spec: "chara_card_v3", spec_version: "3.0", data };
}

/**
 * The card as Character Card V2 JSON (`chara` chunk), with the V1 fields also at the top level for readers that
 * only know V1. V3-only fields stay in `data`, where V2 readers ignore and keep them.
 */
export function toCardV2(card: CharacterCard): JsonObject {
  const data = dataFields(card);
  if (card.group_only_greetings.length) data.group_only_greetings = card.group_only_greetings;
  if (card.nickname) data.nickname = card.nickname;
  const v1 = Object.fromEntries(TEXT_FIELDS.map((field) => [field, card[field]]));
  return { ...v1, spec: "chara_card_v2", spec_version: "2.0", data };
}
