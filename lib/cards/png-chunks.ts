import { crc32 } from "./crc32";

/**
 * PNG chunks (PNG spec §5): the 8-byte signature, then chunks of length (4 bytes, big-endian), type (4 ASCII
 * letters), data and a CRC-32 over type and data, ending with IEND. Character cards live in tEXt chunks. The reader
 * checks every bound before it reads, so a truncated file or a bogus length is an error, never an over-read.
 */
export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** Largest chunk we accept (PNG allows 2^31-1; a card's text chunk is far below this). */
export const MAX_CHUNK_BYTES = 32 * 1024 * 1024;

export interface PngChunk {
  type: string;
  data: Uint8Array;
}

export class PngError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PngError";
  }
}

const ascii = new TextDecoder("latin1");
const asciiBytes = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
const isChunkType = (type: string) => /^[A-Za-z]{4}$/.test(type);

/** Every chunk of a PNG file, in order, up to and including IEND. Throws PngError on anything malformed. */
export function readPngChunks(file: Uint8Array): PngChunk[] {
  if (file.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((b, i) => file[i] !== b))
    throw new PngError("Not a PNG file");
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const chunks: PngChunk[] = [];
  let at = PNG_SIGNATURE.length;
  for (;;) {
    if (at + 8 > file.length) throw new PngError("The PNG file is truncated (no IEND chunk)");
    const length = view.getUint32(at);
    const type = ascii.decode(file.subarray(at + 4, at + 8));
    if (!isChunkType(type)) throw new PngError(`Invalid PNG chunk type at byte ${at + 4}`);
    if (length > MAX_CHUNK_BYTES) throw new PngError(`The PNG chunk ${type} is too large (${length} bytes)`);
    const end = at + 8 + length + 4;
    if (end > file.length) throw new PngError(`The PNG chunk ${type} runs past the end of the file`);
    const data = file.subarray(at + 8, at + 8 + length);
    const expected = view.getUint32(at + 8 + length);
    if (crc32(data, crc32(file.subarray(at + 4, at + 8))) !== expected)
      throw new PngError(`The PNG chunk ${type} is damaged (CRC mismatch)`);
    chunks.push({ type, data });
    at = end;
    if (type === "IEND") return chunks;
  }
}

/** A PNG file made of these chunks (the last must be IEND). */
export function writePngChunks(chunks: readonly PngChunk[]): Uint8Array {
  if (chunks.at(-1)?.type !== "IEND") throw new PngError("A PNG file must end with an IEND chunk");
  const size = PNG_SIGNATURE.length + chunks.reduce((sum, c) => sum + 12 + c.data.length, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(PNG_SIGNATURE, 0);
  let at = PNG_SIGNATURE.length;
  for (const chunk of chunks) {
    if (!isChunkType(chunk.type)) throw new PngError(`Invalid PNG chunk type ${JSON.stringify(chunk.type)}`);
    const type = asciiBytes(chunk.type);
    view.setUint32(at, chunk.data.length);
    out.set(type, at + 4);
    out.set(chunk.data, at + 8);
    view.setUint32(at + 8 + chunk.data.length, crc32(chunk.data, crc32(type)));
    at += 12 + chunk.data.length;
  }
  return out;
}

/** A tEXt chunk's keyword and text (Latin-1 both, separated by one NUL), or null when it is not well formed. */
export function readTextChunk(chunk: PngChunk): { keyword: string; text: string } | null {
  if (chunk.type !== "tEXt") return null;
  const nul = chunk.data.indexOf(0);
  if (nul < 1 || nul > 79) return null;
  return { keyword: ascii.decode(chunk.data.subarray(0, nul)), text: ascii.decode(chunk.data.subarray(nul + 1)) };
}

/** A tEXt chunk. The text must be Latin-1 (cards are base64, which is ASCII). */
export function textChunk(keyword: string, text: string): PngChunk {
  if (!/^[\x20-\x7e]{1,79}$/.test(keyword)) throw new PngError(`Invalid tEXt keyword ${JSON.stringify(keyword)}`);
  if (/[^\x00-\xff]/.test(text) || text.includes("\0")) throw new PngError("tEXt text must be Latin-1 without NUL");
  const data = new Uint8Array(keyword.length + 1 + text.length);
  data.set(asciiBytes(keyword), 0);
  data.set(asciiBytes(text), keyword.length + 1);
  return { type: "tEXt", data };
}
