/**
 * A chunked response body (RFC 9112 §7.1) decoded as it is read, without copying: each chunk's data goes on as a
 * range of the read that carried it (a chunk split between reads, as a range of each). http-parser-js made six
 * objects of every chunk (its size line and the empty line after it as strings, trimmed, and a Buffer of the data):
 * with a streamed reply's one SSE event per chunk that was 94 kB a reply, a fifth of all the server allocated
 * (bench/README.md, "Issue 16, twenty-third session"). It still reads the response's head (streamed-post.ts).
 *
 * Lines end at LF, with or without CR before it, as http-parser-js reads them; chunk extensions and trailers are
 * read past.
 */

/** Bytes that are not chunked coding. */
export class ChunkedCodingError extends Error {}

export interface ChunkedBody {
  /**
   * Decodes buf[start, end). Returns the offset just past the body's end (its last chunk and trailers) once that
   * came, else -1. Throws on bytes that are not chunked coding. Data ranges are valid during the onData call only.
   */
  feed(buf: Buffer, start: number, end: number): number;
}

/** Where the decoder is: in a size line, its extension, before its LF, in data, after data, in trailers, done. */
const SIZE = 0;
const EXTENSION = 1;
const SIZE_LF = 2;
const DATA = 3;
const DATA_CR = 4;
const DATA_LF = 5;
const TRAILER = 6;
const DONE = 7;

const CR = 13;
const LF = 10;
/** 13 hex digits hold any size up to Number.MAX_SAFE_INTEGER; a longer size line is not a body we read. */
const MAX_SIZE_DIGITS = 13;

function hexValue(byte: number): number {
  if (byte >= 48 && byte <= 57) return byte - 48;
  const lower = byte | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

export function chunkedBody(onData: (buf: Buffer, start: number, end: number) => void): ChunkedBody {
  let state: number = SIZE;
  let size = 0;
  let digits = 0;
  /** In a trailer line: whether it has had a byte other than CR yet (an empty line ends the body). */
  let lineHasText = false;

  const sizeLineEnded = () => {
    if (digits === 0) throw new ChunkedCodingError("a chunk without a size");
    state = size === 0 ? TRAILER : DATA;
    digits = 0;
    lineHasText = false;
  };

  return {
    feed(buf, start, end) {
      let i = start;
      while (i < end) {
        switch (state) {
          case SIZE: {
            const byte = buf[i] as number;
            const digit = hexValue(byte);
            if (digit >= 0) {
              if (++digits > MAX_SIZE_DIGITS) throw new ChunkedCodingError("a chunk size too large");
              size = size * 16 + digit;
            } else if (byte === CR) state = SIZE_LF;
            else if (byte === LF) sizeLineEnded();
            else if ((byte === 59 /* ; */ || byte === 32 || byte === 9) && digits > 0) state = EXTENSION;
            else throw new ChunkedCodingError("a chunk size that is not hexadecimal");
            i++;
            break;
          }
          case EXTENSION:
            if (buf[i] === LF) sizeLineEnded();
            i++;
            break;
          case SIZE_LF:
            if (buf[i] !== LF) throw new ChunkedCodingError("a chunk size line without its line feed");
            sizeLineEnded();
            i++;
            break;
          case DATA: {
            const take = Math.min(size, end - i);
            size -= take;
            if (size === 0) state = DATA_CR;
            onData(buf, i, i + take);
            i += take;
            break;
          }
          case DATA_CR:
            if (buf[i] === CR) state = DATA_LF;
            else if (buf[i] === LF) state = SIZE;
            else throw new ChunkedCodingError("a chunk longer than its size");
            i++;
            break;
          case DATA_LF:
            if (buf[i] !== LF) throw new ChunkedCodingError("a chunk longer than its size");
            state = SIZE;
            i++;
            break;
          case TRAILER: {
            const byte = buf[i++];
            if (byte === LF) {
              if (!lineHasText) {
                state = DONE;
                return i;
              }
              lineHasText = false;
            } else if (byte !== CR) lineHasText = true;
            break;
          }
          case DONE:
            return i;
        }
      }
      return state === DONE ? i : -1;
    },
  };
}
