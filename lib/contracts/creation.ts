import { z } from "zod";
import {
  alternateGreetingsRule,
  CHARACTER_LIMITS,
  characterGreetingRule,
  characterIntroRule,
  characterNameRule,
  characterTagsRule,
  exampleDialogueRule,
  personaRule,
  scenarioRule,
  visibilityRule,
  VISIBILITIES,
} from "../validation/character-rules";
import { lorebookSchema, lorebookShape } from "../validation/lorebook-rules";
import { robotCardSchema } from "./catalogue";
import { ID_MAX, text, wholeNumber, wholeNumberParam } from "./fields";

/**
 * Creating, editing, deleting and exporting characters (SPEC §7 names create and list; the payloads are our design).
 *
 * Visibility: `public` (lists, search, tag pages, the creator's profile), `unlisted` (anyone with the link: its
 * page, chat and export work, but it is in no list or search), `private` (its creator only; 404 for anyone else).
 *
 * POST /v1/user/robot/create   CharacterInput & { copied_from? } → OwnCharacter.  Rate-limited per user (42905).
 *      `copied_from` (a public or unlisted character) keeps a credit to the original (`copied_from` in answers).
 * POST /v1/user/robot/update   { id } & CharacterInput → OwnCharacter. Another user's character: 403 40302.
 * POST /v1/user/robot/delete   { id } → { id, deleted: true }. Another user's: 403 40302. Gone at once from lists,
 *      search, tag pages, profiles, favourites and recent chats; its chats are deleted with it.
 * GET  /v1/user/robot/list?page=&page_size= → Page<OwnCharacterCard>: the caller's own characters of every
 *      visibility, newest first, with `total`.
 * POST /v1/robot/definition    { id } → CharacterDefinition: everything a card holds. The creator always; anyone
 *      for public and unlisted characters (the start of a copy, `/create?from={id}`). NSFW ones need the age check
 *      (403 40301) like the detail.
 * GET  /v1/robot/card?id=&format=png|json → the card file itself (not the envelope) as an attachment: PNG with both
 *      `ccv3` and `chara` chunks, or V3 JSON. Same audience as the definition; errors are envelopes.
 * POST /v1/tag/robot/exists    { name, exclude_id? } → { exists }: whether another character (visible to anyone)
 *      has this name, case-insensitively; the form shows a warning, never a block. `{ id }` still answers as before.
 * POST /v1/tag/robots          gains `sort: "popular" | "new"` (default popular); `new` is newest public first.
 */
export { CHARACTER_LIMITS, VISIBILITIES };
export type { Visibility } from "../validation/character-rules";

export const CREATION_CODES = {
  /** Someone else's character: edit, delete. HTTP 403. */
  NOT_OWNER: 40302,
  /** An avatar that is not a verified upload or a generated avatar. HTTP 400. */
  AVATAR_NOT_ALLOWED: 40012,
  /** A tag key the catalogue does not have. HTTP 400. */
  UNKNOWN_TAG: 40013,
  /** Too many creations or edits in a short time. HTTP 429. */
  CREATION_RATE_LIMITED: 42905,
} as const;

const robotId = wholeNumber(1, ID_MAX);
const shortText = (max: number) => text().trim().max(max).default("");

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
const json: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), text(), z.array(json), z.record(text(), json)]),
);

/**
 * What Kewl keeps of an imported card without using it, given back unchanged on export (lib/cards' model):
 * `extensions`, the lorebook, the V2 text fields the form does not show, and every other field of the card's data.
 * At most CHARACTER_LIMITS.cardExtrasBytes as JSON.
 */
export const cardExtrasSchema = z
  .object({
    extensions: z.record(text(), json).default({}),
    character_book: json.default(null),
    extra: z.record(text(), json).default({}),
    creator_notes: shortText(CHARACTER_LIMITS.persona),
    system_prompt: shortText(CHARACTER_LIMITS.persona),
    post_history_instructions: shortText(CHARACTER_LIMITS.persona),
    creator: shortText(200),
    character_version: shortText(100),
    nickname: shortText(CHARACTER_LIMITS.name),
    group_only_greetings: alternateGreetingsRule.default([]),
  })
  .refine((v) => new TextEncoder().encode(JSON.stringify(v)).length <= CHARACTER_LIMITS.cardExtrasBytes, {
    message: `The card's other data must be at most ${CHARACTER_LIMITS.cardExtrasBytes / 1024} KB`,
  });
export type CardExtras = z.infer<typeof cardExtrasSchema>;

/** The form's fields (also the create and update payloads). */
export const characterInput = z.object({
  name: characterNameRule,
  /** A verified upload's URL or "" for a generated avatar. */
  avatar: text().trim().max(500).default(""),
  intro: characterIntroRule,
  greeting: characterGreetingRule,
  alternate_greetings: alternateGreetingsRule.default([]),
  persona: personaRule.default(""),
  scenario: scenarioRule.default(""),
  example_dialogue: exampleDialogueRule.default(""),
  /** Catalogue tag keys. */
  tags: characterTagsRule.default([]),
  nsfw: z.boolean().default(false),
  visibility: visibilityRule.default("public"),
  card: cardExtrasSchema.optional(),
  /** The lorebook (null: none). Left out, the stored one stays as it is. */
  lorebook: lorebookSchema.nullable().optional(),
});
export type CharacterInput = z.input<typeof characterInput>;

export const robotCreateRequest = characterInput.extend({ copied_from: robotId.optional() });
export const robotUpdateRequest = characterInput.extend({ id: robotId });
export const robotDeleteRequest = z.object({ id: robotId });
export const ownRobotListQuery = z.object({
  page: wholeNumberParam(1, 10_000).default(1),
  page_size: wholeNumberParam(1, 50).default(10),
});
export const robotDefinitionRequest = z.object({ id: robotId });
export const robotCardQuery = z.object({ id: wholeNumberParam(1, ID_MAX), format: z.enum(["png", "json"]) });

const creditSchema = z.object({ id: z.number().int().nullable(), name: z.string(), creator_name: z.string() });

/** The full definition: the form's fields as stored, plus the kept card data. */
export const characterDefinitionSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  avatar: z.string(),
  intro: z.string(),
  greeting: z.string(),
  alternate_greetings: z.array(z.string()),
  persona: z.string(),
  scenario: z.string(),
  example_dialogue: z.string(),
  tags: z.array(z.object({ key: z.string(), name: z.string() })),
  nsfw: z.boolean(),
  visibility: z.enum(VISIBILITIES),
  card: z.object({
    extensions: z.record(z.string(), z.unknown()),
    character_book: z.unknown(),
    extra: z.record(z.string(), z.unknown()),
    creator_notes: z.string(),
    system_prompt: z.string(),
    post_history_instructions: z.string(),
    creator: z.string(),
    character_version: z.string(),
    nickname: z.string(),
    group_only_greetings: z.array(z.string()),
  }),
  /** The character's lorebook, or null. */
  lorebook: lorebookShape.nullable().default(null),
  /** The character this one was copied from (its id is null once the original is deleted). */
  copied_from: creditSchema.nullable(),
  creator: z.object({ key: z.string(), name: z.string() }).nullable(),
  is_owner: z.boolean(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type CharacterDefinition = z.infer<typeof characterDefinitionSchema>;
export type OwnCharacter = CharacterDefinition;

export const ownCharacterCardSchema = robotCardSchema.extend({
  visibility: z.enum(VISIBILITIES),
  created_at: z.number().int(),
});
export type OwnCharacterCard = z.infer<typeof ownCharacterCardSchema>;

export const ownCharacterPageSchema = z.object({
  list: z.array(ownCharacterCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type OwnCharacterPage = z.infer<typeof ownCharacterPageSchema>;

export const robotDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
