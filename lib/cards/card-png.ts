import { PngError, readPngChunks, readTextChunk, textChunk, writePngChunks, type PngChunk } from "./png-chunks";

/**
 * Character cards in PNG files (ARCHITECTURE.md, character cards): base64 of UTF-8 JSON in a tEXt chunk named
 * `ccv3` (Character Card V3) or `chara` (V2, and V1 before it). V3 is preferred when both are present. Export
 * writes both, so apps that only read V2 still find the card.
 */
export const CARD_KEYWORDS = { v3: "ccv3", v2: "chara" } as const;

/** Largest card text we decode (base64 characters); real cards with a lorebook stay well under this. */
export const MAX_CARD_TEXT = 8 * 1024 * 1024;

export class CardPngError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CardPngError";
  }
}

function readChunks(file: Uint8Array): PngChunk[] {
  try {
    return readPngChunks(file);
  } catch (err) {
    if (err instanceof PngError) throw new CardPngError(err.message);
    throw err;
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** base64 → UTF-8 text, strictly: bad base64 or bytes that are not UTF-8 are errors, never replacement characters. */
export function decodeCardText(base64: string): string {
  const compact = base64.replace(/\s+/g, "");
  if (compact.length > MAX_CARD_TEXT) throw new CardPngError("The card inside the PNG is too large");
  if (!BASE64.test(compact) || compact.length % 4 === 1)
    throw new CardPngError("The card inside the PNG is not valid base64");
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(compact), (ch) => ch.charCodeAt(0));
  } catch {
    throw new CardPngError("The card inside the PNG is not valid base64");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new CardPngError("The card inside the PNG is not UTF-8 text");
  }
}

/** UTF-8 text → base64 (what the tEXt chunk holds). */
export function encodeCardText(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export interface EmbeddedCard {
  /** Which chunk the card came from. */
  keyword: (typeof CARD_KEYWORDS)[keyof typeof CARD_KEYWORDS];
  /** The card's JSON text, not parsed yet. */
  json: string;
}

/** The card JSON text inside a PNG file (ccv3 first, else chara), or null when the PNG holds none. */
export function readCardFromPng(file: Uint8Array): EmbeddedCard | null {
  const texts = readChunks(file)
    .map(readTextChunk)
    .filter((t): t is NonNullable<typeof t> => t !== null);
  for (const keyword of [CARD_KEYWORDS.v3, CARD_KEYWORDS.v2] as const) {
    const found = texts.find((t) => t.keyword === keyword);
    if (found) return { keyword, json: decodeCardText(found.text) };
  }
  return null;
}

/**
 * The PNG with the cards put in: any earlier `ccv3` and `chara` chunks removed, the new ones inserted before IEND,
 * every other chunk kept byte for byte. Pass the V3 JSON text and the V2 JSON text.
 */
export function writeCardToPng(file: Uint8Array, cards: { v3: string; v2: string }): Uint8Array {
  const kept = readChunks(file).filter((chunk) => {
    const text = readTextChunk(chunk);
    return !(text && (text.keyword === CARD_KEYWORDS.v3 || text.keyword === CARD_KEYWORDS.v2));
  });
  const iend = kept.pop()!;
  return writePngChunks([
    ...kept,
    textChunk(CARD_KEYWORDS.v2, encodeCardText(cards.v2)),
    textChunk(CARD_KEYWORDS.v3, encodeCardText(cards.v3)),
    iend,
  ]);
}
