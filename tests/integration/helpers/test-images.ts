import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import sharp from "sharp";

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

/** A 640×400 picture with detail (so every format keeps some bytes), in the given format. */
export async function makeImage(type: ImageType, width = 640, height = 400): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (type === "image/png") return image.png().toBuffer();
  if (type === "image/jpeg") return image.jpeg().toBuffer();
  return image.webp().toBuffer();
}

/** A valid 1×1 PNG whose header then claims `width`×`height` (CRC fixed): a decompression bomb's shape. */
export async function pixelBomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  // Signature (8), IHDR length (4), "IHDR" (4), width, height, then 5 more bytes of data and the CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
