/**
 * A character card file chosen or dropped on /create, read in the browser: a PNG with a `ccv3`/`chara` chunk or a
 * card's JSON (V1, V2 or V3). Every failure is a CardFileError whose message is for the person; nothing in the
 * file is evaluated (it is parsed as JSON and used as text).
 */
import { CardPngError, readCardFromPng } from "@/lib/cards/card-png";
import { CardError, parseCard, type ParsedCard } from "@/lib/cards/character-card";
import { PNG_SIGNATURE } from "@/lib/cards/png-chunks";
import { UPLOAD_MAX_BYTES } from "@/lib/contracts/files";

/** The largest card file accepted (the PNG is also uploaded as the avatar, which has this cap). */
export const CARD_FILE_MAX_BYTES = UPLOAD_MAX_BYTES;

export class CardFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CardFileError";
  }
}

export interface CardFile extends ParsedCard {
  /** A PNG card: its image becomes the avatar. */
  isPng: boolean;
}

const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((b, i) => bytes[i] === b);

function decodeJsonText(bytes: Uint8Array): string {
  try {
    // A UTF-8 byte order mark is allowed and dropped (TextDecoder does that by default).
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new CardFileError("This file is not UTF-8 text, so it is not a card's JSON");
  }
}

/** The card in these bytes, or a CardFileError saying why not. */
export function readCardBytes(bytes: Uint8Array): CardFile {
  if (bytes.length === 0) throw new CardFileError("This file is empty");
  if (bytes.length > CARD_FILE_MAX_BYTES)
    throw new CardFileError(`This file is larger than ${CARD_FILE_MAX_BYTES / 1024 / 1024} MB`);
  try {
    if (isPng(bytes)) {
      const embedded = readCardFromPng(bytes);
      if (!embedded) throw new CardFileError("This PNG has no character card in it");
      return { ...parseCard(embedded.json), isPng: true };
    }
    return { ...parseCard(decodeJsonText(bytes)), isPng: false };
  } catch (err) {
    if (err instanceof CardFileError) throw err;
    if (err instanceof CardPngError || err instanceof CardError) throw new CardFileError(`${err.message}.`);
    throw new CardFileError("This file could not be read as a character card");
  }
}

/** The card in a chosen or dropped file (size checked before it is read). */
export async function readCardFile(file: Blob): Promise<CardFile> {
  if (file.size > CARD_FILE_MAX_BYTES)
    throw new CardFileError(`This file is larger than ${CARD_FILE_MAX_BYTES / 1024 / 1024} MB`);
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch {
    throw new CardFileError("This file could not be read");
  }
  return readCardBytes(new Uint8Array(buffer));
}
