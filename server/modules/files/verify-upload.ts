import { FILE_CODES, UPLOAD_MAX_BYTES, type VerifiedUpload } from "../../../lib/contracts/files";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";
import { avatarKey, incomingPrefix } from "../../providers/storage/storage-keys";
import { StoredObjectTooLarge, type StorageProvider } from "../../providers/storage/types";
import { toAvatarWebp } from "./avatar-image";
import { recordVerifiedFile } from "./avatar-use";

/** The verified copies never change (their name is their hash). */
export const AVATAR_CACHE_CONTROL = "public, max-age=31536000, immutable";

const notFound = () =>
  new AppError(404, FILE_CODES.UPLOAD_NOT_FOUND, "No such upload: it expired, was never sent, or is not yours");

/**
 * POST /v1/file/verify: the caller's own upload read back (another user's key is "not found", as a missing one),
 * checked and re-encoded by toAvatarWebp, stored under avatars/{sha256}.webp, recorded as verified by the caller
 * (the files table), and the upload deleted. The answer's URL is the only kind of uploaded image a profile or a
 * character accepts, and only from a user who verified it (avatar-use.ts).
 */
export async function verifyUpload(
  storage: StorageProvider,
  db: Db,
  userId: string,
  key: string,
): Promise<VerifiedUpload> {
  if (!key.startsWith(incomingPrefix(userId))) throw notFound();
  let bytes: Uint8Array | null;
  try {
    bytes = await storage.read(key, UPLOAD_MAX_BYTES);
  } catch (err) {
    if (!(err instanceof StoredObjectTooLarge)) throw err;
    await storage.delete(key);
    throw new AppError(413, FILE_CODES.UPLOAD_TOO_LARGE, "The image must be at most 8 MB");
  }
  if (!bytes) throw notFound();
  let image;
  try {
    image = await toAvatarWebp(bytes);
  } catch (err) {
    // A refused upload is of no further use; the user uploads another file with a new ticket.
    await storage.delete(key);
    throw err;
  }
  const copy = avatarKey(image.sha256);
  await storage.put(copy, image.webp, { contentType: "image/webp", cacheControl: AVATAR_CACHE_CONTROL });
  await recordVerifiedFile(db, userId, { key: copy, contentType: "image/webp", size: image.webp.length });
  await storage.delete(key);
  return {
    url: storage.publicUrl(copy),
    content_type: "image/webp",
    width: image.width,
    height: image.height,
    bytes: image.webp.length,
  };
}
