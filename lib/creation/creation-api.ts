/** The character creation calls (lib/contracts/creation.ts) as the browser makes them. */
import { apiGet, apiPost } from "@/lib/api";
import {
  characterDefinitionSchema,
  ownCharacterPageSchema,
  robotDeletedSchema,
  type CharacterDefinition,
  type CharacterInput,
  type OwnCharacterPage,
} from "@/lib/contracts/creation";
import { z } from "zod";

export function createCharacter(input: CharacterInput & { copied_from?: number }): Promise<CharacterDefinition> {
  return apiPost("/v1/user/robot/create", input, { schema: characterDefinitionSchema });
}

export function updateCharacter(id: number, input: CharacterInput): Promise<CharacterDefinition> {
  return apiPost("/v1/user/robot/update", { ...input, id }, { schema: characterDefinitionSchema });
}

export async function deleteCharacter(id: number): Promise<void> {
  await apiPost("/v1/user/robot/delete", { id }, { schema: robotDeletedSchema });
}

/** The signed-in user's own characters, every visibility, newest first. */
export function fetchOwnCharacters(page = 1, pageSize = 10, signal?: AbortSignal): Promise<OwnCharacterPage> {
  return apiGet(
    "/v1/user/robot/list",
    { page: String(page), page_size: String(pageSize) },
    { schema: ownCharacterPageSchema, signal },
  );
}

/** Everything a card holds: to edit one's own character, or to start a copy of a public one. */
export function fetchCharacterDefinition(id: number, signal?: AbortSignal): Promise<CharacterDefinition> {
  return apiPost("/v1/robot/definition", { id }, { schema: characterDefinitionSchema, signal });
}

const existsSchema = z.object({ exists: z.boolean() });

/** Whether another character already has this name (a warning on the form, never a block). */
export async function characterNameUsed(name: string, excludeId?: number, signal?: AbortSignal): Promise<boolean> {
  const body = excludeId === undefined ? { name } : { name, exclude_id: excludeId };
  return (await apiPost("/v1/tag/robot/exists", body, { schema: existsSchema, signal })).exists;
}
