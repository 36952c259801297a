import type { CardExtras, CharacterDefinition, CharacterInput } from "../contracts/creation";
import { CHARACTER_LIMITS } from "../validation/character-rules";
import { lorebookFromCard, lorebookToCard } from "./card-lorebook";
import type { CharacterCard } from "./character-card";

/**
 * Between a Character Card (lib/cards/character-card.ts) and Kewl's character fields, both ways; pure and
 * browser-safe (the /create form imports cards with it, the server exports with it).
 *
 * description ↔ persona, first_mes ↔ greeting, mes_example ↔ example dialogue, scenario, alternate_greetings,
 * tags (names on the card, catalogue keys here). What Kewl has no field for is kept in the card data (`card`):
 * personality (in `extra`), creator notes, system prompts, creator, version, nickname, group greetings,
 * `extensions` and the lorebook. Kewl's own fields travel in `extensions.kewl` (KewlCardExtension).
 */
export const KEWL_EXTENSION = "kewl";

/** `extensions.kewl` of a card Kewl exports. Visibility is left out: whoever imports a card chooses it. */
export interface KewlCardExtension {
  version: 1;
  /** The short intro shown on cards (no card field holds it). */
  intro: string;
  nsfw: boolean;
  /** Catalogue tag keys (the card's `tags` holds their names). */
  tags: string[];
  /** Card fields Kewl filled from its own data on export (creator_notes from the intro); an import clears them. */
  filled: "creator_notes"[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type CatalogueTag = { key: string; name: string };

const L = CHARACTER_LIMITS;
const TEXT_LIMIT = { creator: 200, character_version: 100, nickname: L.name } as const;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function readKewl(extensions: JsonObject): Partial<KewlCardExtension> {
  const raw = extensions[KEWL_EXTENSION];
  if (!isObject(raw)) return {};
  const strings = (value: Json | undefined) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  return {
    intro: typeof raw.intro === "string" ? raw.intro : undefined,
    nsfw: typeof raw.nsfw === "boolean" ? raw.nsfw : undefined,
    tags: Array.isArray(raw.tags) ? strings(raw.tags) : undefined,
    filled: strings(raw.filled).filter((f): f is "creator_notes" => f === "creator_notes"),
  };
}

function cut(label: string, value: string, max: number, warnings: string[]): string {
  const trimmed = value.trim();
  if (trimmed.length <= max) return trimmed;
  warnings.push(`${label} was longer than ${max.toLocaleString("en")} characters and was cut`);
  return trimmed.slice(0, max).trim();
}

function greetings(label: string, list: string[], warnings: string[]): string[] {
  const kept = list.map((g) => g.trim()).filter((g) => g.length > 0);
  if (kept.length > L.alternateGreetings)
    warnings.push(`Only the first ${L.alternateGreetings} of ${kept.length} ${label} were kept`);
  return kept
    .slice(0, L.alternateGreetings)
    .map((g) => cut(`A ${label.replace(/s$/, "")}`, g, L.alternateGreeting, warnings));
}

function pickTags(
  card: CharacterCard,
  kewlTags: string[] | undefined,
  catalogue: readonly CatalogueTag[] | undefined,
  warnings: string[],
) {
  const keys: string[] = [];
  const unknown: string[] = [];
  const add = (key: string) => {
    if (!keys.includes(key)) keys.push(key);
  };
  if (catalogue) {
    const byWord = new Map<string, string>();
    for (const t of catalogue) {
      byWord.set(t.key.toLowerCase(), t.key);
      byWord.set(t.name.toLowerCase(), t.key);
    }
    for (const key of kewlTags ?? []) if (byWord.has(key.toLowerCase())) add(byWord.get(key.toLowerCase())!);
    for (const name of card.tags) {
      const key = byWord.get(name.trim().toLowerCase());
      if (key) add(key);
      else if (name.trim().toLowerCase() !== "nsfw") unknown.push(name.trim());
    }
  } else {
    for (const key of kewlTags ?? []) if (/^[a-z0-9-]{1,64}$/.test(key)) add(key);
  }
  if (unknown.length) warnings.push(`Tags Kewl does not have were left out: ${unknown.join(", ")}`);
  if (keys.length > L.tags) warnings.push(`Only the first ${L.tags} tags were kept`);
  return keys.slice(0, L.tags);
}

/**
 * A card as the form's fields. `tags` (the catalogue's tags) maps the card's tag names to keys; without it only a
 * Kewl export's tag keys are used. Over-long text is cut and said so in `warnings`; `avatar` is left "" (the
 * card's image, when it came in a PNG, is the caller's to upload).
 */
export function cardToCharacterInput(
  card: CharacterCard,
  options: { tags?: readonly CatalogueTag[] } = {},
): { input: CharacterInput; warnings: string[] } {
  const warnings: string[] = [];
  const kewl = readKewl(card.extensions);
  const filled = new Set(kewl.filled ?? []);
  const { [KEWL_EXTENSION]: _ours, ...extensions } = card.extensions;
  const extra: JsonObject = { ...card.extra };
  if (card.personality.trim()) {
    extra.personality = card.personality;
    warnings.push("Personality is kept with the card but not used by Kewl's chat: copy it into the persona to use it");
  }
  if (card.system_prompt.trim() || card.post_history_instructions.trim())
    warnings.push("The card's system prompts are kept with it but not used by Kewl's chat");
  const book = lorebookFromCard(card.character_book);
  warnings.push(...book.warnings);
  const introSource = kewl.intro ?? (card.creator_notes.trim() || card.description);
  const intro = cut("Intro", introSource.split(/\n\s*\n/)[0] ?? "", L.intro, warnings);
  if (kewl.intro === undefined && intro) warnings.push("The intro was taken from the card's notes: check it");
  const extras: CardExtras = {
    extensions,
    // A book Kewl could read is the character's lorebook; one it could not is kept as it came.
    character_book: book.lorebook ? null : card.character_book,
    extra,
    creator_notes: filled.has("creator_notes") ? "" : cut("Creator notes", card.creator_notes, L.persona, warnings),
    system_prompt: cut("System prompt", card.system_prompt, L.persona, warnings),
    post_history_instructions: cut("Post-history instructions", card.post_history_instructions, L.persona, warnings),
    creator: cut("Creator", card.creator, TEXT_LIMIT.creator, warnings),
    character_version: cut("Version", card.character_version, TEXT_LIMIT.character_version, warnings),
    nickname: cut("Nickname", card.nickname, TEXT_LIMIT.nickname, warnings),
    group_only_greetings: greetings("group greetings", card.group_only_greetings, warnings),
  };
  if (new TextEncoder().encode(JSON.stringify(extras)).length > L.cardExtrasBytes) {
    warnings.push(`The card's lorebook and extensions are over ${L.cardExtrasBytes / 1024} KB and were not kept`);
    extras.extensions = {};
    extras.character_book = null;
    extras.extra = card.personality.trim() ? { personality: card.personality } : {};
  }
  const nsfw = kewl.nsfw ?? card.tags.some((t) => t.trim().toLowerCase() === "nsfw");
  const input: CharacterInput = {
    name: cut("Name", card.name, L.name, warnings),
    avatar: "",
    intro,
    greeting: cut("Greeting", card.first_mes, L.greeting, warnings),
    alternate_greetings: greetings("alternate greetings", card.alternate_greetings, warnings),
    persona: cut("Persona", card.description, L.persona, warnings),
    scenario: cut("Scenario", card.scenario, L.scenario, warnings),
    example_dialogue: cut("Example dialogue", card.mes_example, L.exampleDialogue, warnings),
    tags: pickTags(card, kewl.tags, options.tags, warnings),
    nsfw,
    card: extras,
    lorebook: book.lorebook,
  };
  return { input, warnings };
}

/** A character as a card: everything it holds, the kept card data verbatim, and Kewl's fields in extensions.kewl. */
export function characterToCard(
  definition: Pick<
    CharacterDefinition,
    | "name"
    | "intro"
    | "greeting"
    | "alternate_greetings"
    | "persona"
    | "scenario"
    | "example_dialogue"
    | "tags"
    | "nsfw"
    | "card"
  > & { lorebook?: CharacterDefinition["lorebook"] },
): CharacterCard {
  const kept = definition.card;
  const { personality, ...extra } = kept.extra as JsonObject;
  const filled: KewlCardExtension["filled"] = [];
  let creatorNotes = kept.creator_notes;
  if (!creatorNotes && definition.intro) {
    creatorNotes = definition.intro;
    filled.push("creator_notes");
  }
  const kewl: KewlCardExtension = {
    version: 1,
    intro: definition.intro,
    nsfw: definition.nsfw,
    tags: definition.tags.map((t) => t.key),
    filled,
  };
  const extensions = { ...(kept.extensions as JsonObject), [KEWL_EXTENSION]: kewl as unknown as JsonObject };
  return {
    name: definition.name,
    description: definition.persona,
    personality: typeof personality === "string" ? personality : "",
    scenario: definition.scenario,
    first_mes: definition.greeting,
    mes_example: definition.example_dialogue,
    creator_notes: creatorNotes,
    system_prompt: kept.system_prompt,
    post_history_instructions: kept.post_history_instructions,
    creator: kept.creator,
    character_version: kept.character_version,
    nickname: kept.nickname,
    alternate_greetings: definition.alternate_greetings,
    // Other apps mark adult cards with an NSFW tag.
    tags: [...definition.tags.map((t) => t.name), ...(definition.nsfw ? ["NSFW"] : [])],
    group_only_greetings: kept.group_only_greetings,
    extensions,
    character_book: definition.lorebook ? lorebookToCard(definition.lorebook) : ((kept.character_book ?? null) as Json),
    extra: personality !== undefined && typeof personality !== "string" ? { ...extra, personality } : extra,
  };
}
