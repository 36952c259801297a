import { createHash } from "node:crypto";
import sharp from "sharp";
import { AVATAR_SIZE, FILE_CODES, UPLOAD_MAX_PIXELS } from "../../../lib/contracts/files";
import { AppError } from "../../errors";

const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp"]);

export interface AvatarImage {
  webp: Buffer;
  sha256: string;
  width: number;
  height: number;
}

const notAnImage = () =>
  new AppError(415, FILE_CODES.UPLOAD_NOT_AN_IMAGE, "The file is not a PNG, JPEG or WebP image, or it is damaged");
const tooManyPixels = () =>
  new AppError(422, FILE_CODES.UPLOAD_TOO_MANY_PIXELS, "The image has too many pixels (at most 40 megapixels)");

/**
 * An uploaded image as a square avatar: its format read from its bytes (PNG, JPEG or WebP only; the name and the
 * declared type are not trusted), its size checked from its header before anything is decoded (a decompression
 * bomb stops there; libvips' limitInputPixels is the second guard), the first frame of an animation only, turned
 * upright by its EXIF orientation, cropped to the centre, re-encoded as WebP without any metadata.
 */
export async function toAvatarWebp(bytes: Uint8Array): Promise<AvatarImage> {
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, pages: 1, failOn: "warning" } as const;
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width = 0, height = 0 } = await sharp(bytes, options).metadata());
  } catch (err) {
    if (isPixelLimit(err)) throw tooManyPixels();
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  if (width < 1 || height < 1) throw notAnImage();
  if (width * height > UPLOAD_MAX_PIXELS) throw tooManyPixels();
  let webp: Buffer;
  try {
    webp = await sharp(bytes, options)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "centre" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (isPixelLimit(err)) throw tooManyPixels();
    throw notAnImage();
  }
  return {
    webp,
    sha256: createHash("sha256").update(webp).digest("hex"),
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
  };
}

function isPixelLimit(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}
