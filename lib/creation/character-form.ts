/**
 * The /create form's values and how they come from a stored character or a draft. The form validates with the
 * shared contract (lib/contracts/creation.ts characterInput, built on lib/validation/character-rules.ts), so the
 * browser and the server give the same messages.
 */
import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";
import {
  cardExtrasSchema,
  characterInput,
  VISIBILITIES,
  type CharacterDefinition,
  type CharacterInput,
} from "@/lib/contracts/creation";
import { lorebookSchema, type Lorebook, type LorebookInput } from "@/lib/validation/lorebook-rules";

/**
 * What the form holds: every field present (the contract's input makes most optional). The kept card data is its
 * JSON text ("" for none): the form never edits it, and its recursive type is too deep for react-hook-form's paths.
 */
export type CharacterFormValues = Required<Omit<CharacterInput, "card" | "lorebook">> & {
  card: string;
  /** The lorebook as JSON text ("" for none), for the same reason; the entry editor reads and writes it. */
  lorebook: string;
};

/** The kept card data's JSON text as the contract's value (undefined for none, or when it is not JSON). */
function cardFromText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const characterFormSchema = characterInput.extend({
  card: z.string().transform(cardFromText).pipe(cardExtrasSchema.optional()),
  lorebook: z
    .string()
    .transform((text) => cardFromText(text) ?? null)
    .pipe(lorebookSchema.nullable()),
});

/** The lorebook as the form holds it: JSON text, "" for none (or no entries). */
export function lorebookText(lorebook: LorebookInput | Lorebook | null | undefined): string {
  return lorebook?.entries?.length ? JSON.stringify(lorebook) : "";
}
/** What a valid form gives on submit (trimmed, defaults filled): the create and update payload. */
export type CharacterFormOutput = z.output<typeof characterInput>;

export const EMPTY_CHARACTER: CharacterFormValues = {
  name: "",
  avatar: "",
  intro: "",
  greeting: "",
  alternate_greetings: [],
  persona: "",
  scenario: "",
  example_dialogue: "",
  tags: [],
  nsfw: false,
  visibility: "public",
  card: "",
  lorebook: "",
};

/** The kept card data as the form holds it: JSON text when it fits the contract, else "" (left out). */
export function keptCardText(card: unknown): string {
  if (card === undefined || card === null) return "";
  const parsed = cardExtrasSchema.safeParse(card);
  return parsed.success ? JSON.stringify(parsed.data) : "";
}

/** A stored character as form values (edit, or the start of a copy). */
export function definitionToForm(def: CharacterDefinition): CharacterFormValues {
  return {
    name: def.name,
    avatar: def.avatar,
    intro: def.intro,
    greeting: def.greeting,
    alternate_greetings: def.alternate_greetings,
    persona: def.persona,
    scenario: def.scenario,
    example_dialogue: def.example_dialogue,
    tags: def.tags.map((t) => t.key),
    nsfw: def.nsfw,
    visibility: def.visibility,
    card: keptCardText(def.card),
    lorebook: lorebookText(def.lorebook),
  };
}

/** Which draft: a new character, an edit of one, or a copy of one. Each has its own. */
export type FormMode = { kind: "new" } | { kind: "edit"; id: number } | { kind: "copy"; id: number };

export function draftKey(mode: FormMode): string {
  return mode.kind === "new" ? "character-draft:new" : `character-draft:${mode.kind}:${mode.id}`;
}

const draftText = z.string().max(20_000);

/**
 * A draft as read back from localStorage: loose (a draft may be unfinished or too long, the form says so), but
 * only the form's own fields with the right types; anything else means the entry is dropped.
 */
export const characterDraftSchema = z.object({
  name: draftText,
  avatar: z.string().max(500),
  intro: draftText,
  greeting: draftText,
  alternate_greetings: z.array(draftText).max(50),
  persona: draftText,
  scenario: draftText,
  example_dialogue: draftText,
  tags: z.array(z.string().max(64)).max(20),
  nsfw: z.boolean(),
  visibility: z.enum(VISIBILITIES),
  card: z.string().max(2 * 1024 * 1024),
  lorebook: z
    .string()
    .max(2 * 1024 * 1024)
    .default(""),
});

const FIELDS = Object.keys(EMPTY_CHARACTER) as (keyof CharacterFormValues)[];

/** The values as text in a fixed field order, to tell whether two sets of values are the same. */
export function formValuesText(values: Partial<CharacterFormValues>): string {
  return JSON.stringify(FIELDS.map((field) => values[field] ?? null));
}

/** The avatar to show for these values: the chosen one when it is a safe image, else the generated one. */
export function shownAvatar(avatar: string, name: string, safeImageSrc: (src: string) => string | null): string {
  const chosen = avatar ? safeImageSrc(avatar) : null;
  return chosen ?? `/v1/avatar/bottts/${encodeURIComponent(name.trim() || "new-character")}.svg`;
}

/** The form as react-hook-form gives it (values in, the contract's payload out). */
export type CharacterFormApi = UseFormReturn<CharacterFormValues, unknown, CharacterFormOutput>;
