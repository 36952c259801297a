/**
 * Where a failed create or update is shown: under the field a 400 names (the server says "Invalid field 'name':
 * …", server/api/validate.ts), under the avatar or tags for their codes, otherwise in a toast.
 */
import { isApiError } from "@/lib/api/errors";
import { CREATION_CODES } from "@/lib/contracts/creation";
import type { CharacterFormValues } from "./character-form";

export type FormField = Exclude<keyof CharacterFormValues, "card">;

const FORM_FIELDS: readonly FormField[] = [
  "name",
  "avatar",
  "intro",
  "greeting",
  "alternate_greetings",
  "persona",
  "scenario",
  "example_dialogue",
  "tags",
  "nsfw",
  "visibility",
];

export type SubmitFailure = { kind: "field"; field: FormField; message: string } | { kind: "toast"; message: string };

const FIELD_MESSAGE = /^Invalid field '([a-z_]+)(?:\.[^']*)?': (.+)$/;

export function submitFailure(error: unknown): SubmitFailure {
  if (!isApiError(error)) return { kind: "toast", message: "Something went wrong. Please try again." };
  if (error.code === CREATION_CODES.AVATAR_NOT_ALLOWED) return { kind: "field", field: "avatar", message: error.msg };
  if (error.code === CREATION_CODES.UNKNOWN_TAG) return { kind: "field", field: "tags", message: error.msg };
  if (error.status === 400) {
    const match = FIELD_MESSAGE.exec(error.msg);
    const field = FORM_FIELDS.find((f) => f === match?.[1]);
    if (match?.[2] && field) return { kind: "field", field, message: match[2] };
  }
  return { kind: "toast", message: error.msg };
}
