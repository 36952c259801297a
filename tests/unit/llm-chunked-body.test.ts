import { describe, expect, it } from "vitest";
import { chunkedBody, ChunkedCodingError } from "@/server/providers/llm/chunked-body";

/**
 * Feeds `bytes` in pieces ending at `cuts`, each copied into a buffer that is overwritten after the call (as the
 * upstream pool's read buffer is), and collects the data and where the body ended.
 */
function decode(bytes: Buffer, cuts: number[] = []) {
  const data: Buffer[] = [];
  const body = chunkedBody((buf, start, end) => data.push(Buffer.from(buf.subarray(start, end))));
  const shared = Buffer.alloc(bytes.length + 8);
  const points = [0, ...cuts.filter((c) => c > 0 && c < bytes.length), bytes.length];
  let ended = -1;
  let endedIn = -1;
  for (let i = 0; i + 1 < points.length && ended < 0; i++) {
    const from = points[i] as number;
    const to = points[i + 1] as number;
    if (from === to) continue;
    bytes.copy(shared, 4, from, to);
    const after = body.feed(shared, 4, 4 + to - from);
    shared.fill(0x30);
    if (after >= 0) {
      ended = from + after - 4;
      endedIn = i;
    }
  }
  return { data: Buffer.concat(data).toString("utf8"), ended, endedIn };
}

const encode = (pieces: string[], { lf = "\r\n", extension = "", trailers = "" } = {}) =>
  Buffer.from(
    pieces.map((p) => `${Buffer.byteLength(p).toString(16)}${extension}${lf}${p}${lf}`).join("") +
      `0${extension}${lf}${trailers}${lf}`,
  );

describe("chunkedBody", () => {
  const pieces = ['data: {"content":"Once upon a time — é, 🎉"}\n\n', "x", "data: [DONE]\n\n", "y".repeat(300)];
  const text = pieces.join("");

  it("hands on every chunk's data and ends after the last chunk, however the reads split it", () => {
    const variants = [
      encode(pieces),
      encode(pieces, { lf: "\n" }),
      encode(pieces, { extension: ";name=value;x" }),
      encode(pieces, { extension: " ; ext" }),
      encode(pieces, { trailers: "x-trailer: 1\r\nx-other: two\r\n" }),
    ];
    for (const bytes of variants) {
      expect(decode(bytes)).toEqual({ data: text, ended: bytes.length, endedIn: 0 });
      for (let at = 1; at < bytes.length; at++) {
        expect(decode(bytes, [at]), `split at ${at}`).toEqual({ data: text, ended: bytes.length, endedIn: 1 });
      }
      const everyByte = Array.from({ length: bytes.length }, (_, i) => i);
      expect(decode(bytes, everyByte).data).toBe(text);
    }
  });

  it("reads sizes in either case of hexadecimal and says where bytes after the body begin", () => {
    const big = "z".repeat(0xab);
    const bytes = Buffer.from(`AB\r\n${big}\r\nab\r\n${big}\r\n0\r\n\r\nHTTP/1.1 200 OK\r\n`);
    const { data, ended } = decode(bytes);
    expect(data).toBe(big + big);
    expect(bytes.subarray(ended).toString()).toBe("HTTP/1.1 200 OK\r\n");
  });

  it("waits for the rest while the body is not over", () => {
    const bytes = encode(pieces);
    expect(decode(bytes.subarray(0, bytes.length - 2)).ended).toBe(-1);
    expect(decode(bytes.subarray(0, bytes.length - 1)).ended).toBe(-1);
  });

  it("refuses bytes that are not chunked coding", () => {
    for (const bad of [
      "zz\r\nab\r\n",
      "\r\nab\r\n",
      ";ext\r\nab\r\n",
      "2\r\nabc\r\n",
      "2\rab\r\n",
      "2\r\nab\rx",
      "20000000000000\r\n",
      "-1\r\n",
    ]) {
      expect(() => decode(Buffer.from(bad)), bad).toThrow(ChunkedCodingError);
    }
  });
});
