import type { Viewer } from "../../../lib/age-gate/cookies";
import { characterToCard } from "../../../lib/cards/card-fields";
import { writeCardToPng } from "../../../lib/cards/card-png";
import { toCardV2, toCardV3 } from "../../../lib/cards/character-card";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";
import { API_CODES } from "../../../lib/contracts/api-codes";
import { avatarPng, type LoadAvatarBytes } from "./card-avatar-png";
import { readDefinition } from "./character-definition";

export interface CardFile {
  body: Uint8Array;
  contentType: "image/png" | "application/json";
  /** The download's name, as the character is called (the route makes it header-safe). */
  baseName: string;
}

/**
 * GET /v1/robot/card: the character's card file, for the definition's audience. PNG: its avatar with both a
 * `ccv3` (V3) and a `chara` (V2) chunk; JSON: the V3 card.
 */
export async function exportCard(
  db: Db,
  input: { id: number; format: "png" | "json" },
  audience: { userId?: string; viewer: Viewer },
  loadAvatarBytes: LoadAvatarBytes,
): Promise<CardFile> {
  const result = await readDefinition(db, input.id, audience);
  if (result.status === "not_found") throw new AppError(404, 404, "Character not found");
  if (result.status === "age_required") throw new AppError(403, API_CODES.AGE_REQUIRED, "Age verification required");
  const { definition } = result;
  const card = characterToCard(definition);
  const v3 = JSON.stringify(toCardV3(card));
  if (input.format === "json") {
    return { body: new TextEncoder().encode(v3), contentType: "application/json", baseName: definition.name };
  }
  const png = await avatarPng(result.avatarStored, definition.key, loadAvatarBytes);
  const body = writeCardToPng(new Uint8Array(png), { v3, v2: JSON.stringify(toCardV2(card)) });
  return { body, contentType: "image/png", baseName: definition.name };
}
