import sharp from "sharp";
import { AVATAR_SIZE, UPLOAD_MAX_PIXELS } from "../../../lib/contracts/files";
import { avatarStyleSchema, renderAvatar } from "../avatars/render-avatar";

/** Reads an uploaded avatar's bytes from storage (the storage provider's), or null when it cannot. */
export type LoadAvatarBytes = (url: string) => Promise<Buffer | null>;

const GENERATED = /^\/v1\/avatar\/([a-z]+(?:-[a-z]+)*)\/([^/]{1,300})\.svg$/;

async function generatedSvg(avatar: string, key: string): Promise<string> {
  const match = GENERATED.exec(avatar);
  const style = avatarStyleSchema.safeParse(match?.[1]);
  if (match?.[2] !== undefined && style.success) {
    try {
      return await renderAvatar(style.data, decodeURIComponent(match[2]));
    } catch {
      // a malformed escape: the key's own avatar below
    }
  }
  return renderAvatar("bottts", key);
}

/**
 * The character's avatar as a square PNG for its card. Generated avatars are drawn from their SVG; a verified
 * upload is read through loadAvatarBytes (from storage, never by fetching the URL); anything else (another host, a
 * missing or unreadable file) falls back to the avatar generated from the key.
 */
export async function avatarPng(avatar: string, key: string, loadAvatarBytes: LoadAvatarBytes): Promise<Buffer> {
  const toPng = (input: Buffer) =>
    sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS })
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
      .png()
      .toBuffer();
  if (GENERATED.test(avatar)) return toPng(Buffer.from(await generatedSvg(avatar, key)));
  const bytes = avatar === "" ? null : await loadAvatarBytes(avatar).catch(() => null);
  if (bytes) {
    try {
      return await toPng(bytes);
    } catch {
      // not an image after all: the generated one below
    }
  }
  return toPng(Buffer.from(await renderAvatar("bottts", key)));
}
