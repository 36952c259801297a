import { z } from "zod";
import { text } from "./fields";

/**
 * Uploads (SPEC §7 `GET /v1/file/sts`; the payloads are our design). Browser-safe: constants and schemas only.
 *
 * 1. GET  /v1/file/sts?content_type=image/png → UploadTicket. Signed in; rate-limited per user (429 42904).
 *    The ticket is a presigned POST (S3's form upload): the browser sends `multipart/form-data` to `url` with every
 *    entry of `fields` first, then the file as the last field named `file`. It allows exactly one key under the
 *    user's own prefix (`incoming/{user id}/…`), the one content type asked for (or any of
 *    UPLOAD_CONTENT_TYPES when none was), at most `max_bytes`, until `expires_at`. With S3_* set `url` is the
 *    bucket's; otherwise it is this app's `POST /v1/file/upload` (local disk under DATA_DIR), which checks the same
 *    policy itself (signed with an HMAC) and answers 204 like S3.
 * 2. POST /v1/file/verify { key } → VerifiedUpload. The server reads the uploaded object, checks it is a real PNG,
 *    JPEG or WebP by its bytes (not its name or declared type) within UPLOAD_MAX_PIXELS, writes a square copy of
 *    AVATAR_SIZE px as WebP under `avatars/{sha256 of the copy}.webp`, deletes the upload and answers the copy's
 *    URL. Only such URLs (and the generated avatars) may become a character's `avatar` or a profile's `face`.
 *    Errors: 404 40402 no such upload (expired, another user's, never sent); 413 41301 too large; 415 41501 not a
 *    PNG, JPEG or WebP image, or unreadable; 422 42201 too many pixels.
 * 3. The copies are served at `/v1/file/avatars/{hash}.webp` (local disk) or under S3_PUBLIC_URL, with their exact
 *    content type, `nosniff`, a sandboxing CSP and `Cache-Control: public, max-age=31536000, immutable`.
 */
export const UPLOAD_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];
/** Card PNGs carry their JSON inside the image, so the cap is above a plain avatar's needs. */
export const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
/** Width × height of an accepted image (a decompression bomb is refused before it is decoded). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_TICKET_SECONDS = 300;
/** Side of the stored square avatar. */
export const AVATAR_SIZE = 512;

export const FILE_CODES = {
  UPLOAD_NOT_FOUND: 40402,
  UPLOAD_TOO_LARGE: 41301,
  UPLOAD_NOT_AN_IMAGE: 41501,
  UPLOAD_TOO_MANY_PIXELS: 42201,
  UPLOAD_RATE_LIMITED: 42904,
} as const;

/** An incoming upload's key: only the server makes them; verify accepts only the caller's own prefix. */
export const UPLOAD_KEY_PATTERN = /^incoming\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{16,64}$/;

/** GET /v1/file/sts */
export const fileStsQuery = z.object({ content_type: z.enum(UPLOAD_CONTENT_TYPES).optional() });

/** POST /v1/file/verify */
export const fileVerifyRequest = z.object({ key: text().regex(UPLOAD_KEY_PATTERN, "is not an upload key") });

export const uploadTicketSchema = z.object({
  /** Where the form goes (absolute for S3, `/v1/file/upload` for the local disk). */
  url: z.string(),
  /** Form fields to send before the file, in this order. */
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  max_bytes: z.number().int(),
  content_types: z.array(z.enum(UPLOAD_CONTENT_TYPES)),
  /** Unix seconds. */
  expires_at: z.number().int(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

export const verifiedUploadSchema = z.object({
  url: z.string(),
  content_type: z.literal("image/webp"),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type VerifiedUpload = z.infer<typeof verifiedUploadSchema>;
