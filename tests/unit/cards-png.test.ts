import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { CardPngError, decodeCardText, readCardFromPng, writeCardToPng } from "@/lib/cards/card-png";
import { crc32 } from "@/lib/cards/crc32";
import { PngError, readPngChunks, writePngChunks } from "@/lib/cards/png-chunks";

/**
 * Vectors made without the code under test: PNG files assembled here byte by byte with Node's own zlib (crc32 and
 * deflate), the way a short independent script would write a card.
 */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid 1×1 RGB PNG with the given tEXt chunks (keyword, text) before IEND. */
function png(texts: Array<[string, string]> = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const idat = zlib.deflateSync(Buffer.from([0, 0xff, 0x80, 0x00])); // filter byte + one pixel
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", ihdr),
    ...texts.map(([keyword, text]) =>
      chunk("tEXt", Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")])),
    ),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const b64 = (json: unknown) => Buffer.from(JSON.stringify(json), "utf8").toString("base64");
const V2 = {
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: { name: "Ayla", first_mes: "Héllo ✨ <script>alert(1)</script>" },
};
const V3 = {
  spec: "chara_card_v3",
  spec_version: "3.0",
  data: { name: "Ayla v3", extensions: { "x-app": { keep: [1, 2] } } },
};

describe("crc32", () => {
  it("matches Node's zlib.crc32 on known and random inputs", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7919) & 0xff);
    expect(crc32(bytes)).toBe(zlib.crc32(bytes) >>> 0);
    expect(crc32(bytes.subarray(100), crc32(bytes.subarray(0, 100)))).toBe(zlib.crc32(bytes) >>> 0);
  });
});

describe("PNG chunks", () => {
  it("reads an independently written PNG and writes it back byte for byte", () => {
    const file = png([["Comment", "made by a test"]]);
    const chunks = readPngChunks(file);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "tEXt", "IDAT", "IEND"]);
    expect(Buffer.from(writePngChunks(chunks)).equals(file)).toBe(true);
  });

  it("refuses what is not a PNG, a truncated file, a bogus length, a bad CRC and a missing IEND", () => {
    const file = png();
    expect(() => readPngChunks(Buffer.from("GIF89a not a png"))).toThrow(PngError);
    expect(() => readPngChunks(file.subarray(0, file.length - 6))).toThrow(/truncated|past the end/);
    const huge = Buffer.from(file);
    huge.writeUInt32BE(0xfffffff0, 8); // IHDR's length
    expect(() => readPngChunks(huge)).toThrow(/too large/);
    const long = Buffer.from(file);
    long.writeUInt32BE(1_000_000, 8);
    expect(() => readPngChunks(long)).toThrow(/past the end/);
    const damaged = Buffer.from(file);
    damaged.writeUInt8(damaged.readUInt8(20) ^ 0xff, 20); // inside IHDR's data
    expect(() => readPngChunks(damaged)).toThrow(/CRC/);
    expect(() => readPngChunks(file.subarray(0, file.length - 12))).toThrow(/no IEND/);
  });
});

describe("character cards in PNG", () => {
  it("prefers ccv3 over chara, whatever their order", () => {
    expect(
      readCardFromPng(
        png([
          ["chara", b64(V2)],
          ["ccv3", b64(V3)],
        ]),
      ),
    ).toEqual({ keyword: "ccv3", json: JSON.stringify(V3) });
    expect(
      readCardFromPng(
        png([
          ["ccv3", b64(V3)],
          ["chara", b64(V2)],
        ]),
      )?.keyword,
    ).toBe("ccv3");
    const v2 = readCardFromPng(png([["chara", b64(V2)]]));
    expect(v2?.keyword).toBe("chara");
    // UTF-8 decoded exactly; script-like text stays text.
    expect(JSON.parse(v2!.json)).toEqual(V2);
    expect(readCardFromPng(png([["Comment", "no card"]]))).toBeNull();
  });

  it("refuses invalid base64 and text that is not UTF-8 with a clear error", () => {
    expect(() => readCardFromPng(png([["chara", "!!!not base64!!!"]]))).toThrow(CardPngError);
    const latin1 = Buffer.from([0x7b, 0xe9, 0x7d]).toString("base64"); // "{é}" in Latin-1: not UTF-8
    expect(() => readCardFromPng(png([["chara", latin1]]))).toThrow(/not UTF-8/);
    expect(() => decodeCardText("QQ=")).toThrow(CardPngError);
    expect(() => readCardFromPng(Buffer.from("not a png"))).toThrow(CardPngError);
  });

  it("writes both chunks, replaces old cards and keeps every other chunk byte for byte", () => {
    const original = png([
      ["Comment", "keep me"],
      ["chara", b64({ spec: "old" })],
      ["ccv3", b64({ spec: "old3" })],
    ]);
    const v3 = JSON.stringify(V3);
    const v2 = JSON.stringify(V2);
    const written = writeCardToPng(original, { v3, v2 });
    expect(readCardFromPng(written)).toEqual({ keyword: "ccv3", json: v3 });

    // Read back with the independent helpers: the chunks Node's zlib would check.
    const types: string[] = [];
    const texts = new Map<string, string>();
    for (let at = 8; at < written.length;) {
      const length = Buffer.from(written).readUInt32BE(at);
      const type = Buffer.from(written.subarray(at + 4, at + 8)).toString("latin1");
      const data = Buffer.from(written.subarray(at + 8, at + 8 + length));
      expect(Buffer.from(written).readUInt32BE(at + 8 + length)).toBe(
        zlib.crc32(Buffer.concat([Buffer.from(type, "latin1"), data])) >>> 0,
      );
      types.push(type);
      if (type === "tEXt") {
        const nul = data.indexOf(0);
        texts.set(data.subarray(0, nul).toString("latin1"), data.subarray(nul + 1).toString("latin1"));
      }
      at += 12 + length;
    }
    expect(types).toEqual(["IHDR", "tEXt", "IDAT", "tEXt", "tEXt", "IEND"]);
    expect(texts.get("Comment")).toBe("keep me");
    expect(JSON.parse(Buffer.from(texts.get("chara")!, "base64").toString("utf8"))).toEqual(V2);
    expect(JSON.parse(Buffer.from(texts.get("ccv3")!, "base64").toString("utf8"))).toEqual(V3);
    const others = (file: Uint8Array) =>
      readPngChunks(file)
        .filter((c) => c.type !== "tEXt")
        .map((c) => `${c.type}:${Buffer.from(c.data).toString("hex")}`);
    expect(others(written)).toEqual(others(original));
  });
});
