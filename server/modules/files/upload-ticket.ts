import {
  FILE_CODES,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TICKET_SECONDS,
  type UploadContentType,
  type UploadTicket,
} from "../../../lib/contracts/files";
import { AppError } from "../../errors";
import { incomingKey } from "../../providers/storage/storage-keys";
import type { StorageProvider } from "../../providers/storage/types";
import type { KeyValueStore } from "../limits/key-value-store";

/** Tickets one user may take per window: plenty for a person picking avatars, little for a script. */
export const UPLOAD_TICKETS_PER_WINDOW = 30;
export const UPLOAD_TICKET_WINDOW_MS = 10 * 60_000;

export interface TicketDeps {
  storage: StorageProvider;
  store: KeyValueStore;
}

/** GET /v1/file/sts: a presigned POST for one new key under the user's prefix (429 42904 past the per-user limit). */
export async function issueUploadTicket(
  deps: TicketDeps,
  userId: string,
  contentType: UploadContentType | undefined,
): Promise<UploadTicket> {
  const { count, resetMs } = await deps.store.hit(`upload-ticket:${userId}`, UPLOAD_TICKET_WINDOW_MS);
  if (count > UPLOAD_TICKETS_PER_WINDOW) {
    const retryAfter = Math.max(1, Math.ceil(resetMs / 1000));
    throw new AppError(429, FILE_CODES.UPLOAD_RATE_LIMITED, "Too many uploads. Try again in a few minutes.", {
      retry_after: retryAfter,
    });
  }
  const key = incomingKey(userId);
  const contentTypes = contentType ? [contentType] : [...UPLOAD_CONTENT_TYPES];
  const expiresAt = Math.floor(Date.now() / 1000) + UPLOAD_TICKET_SECONDS;
  const post = await deps.storage.createUploadTicket({ key, contentTypes, maxBytes: UPLOAD_MAX_BYTES, expiresAt });
  return {
    url: post.url,
    fields: post.fields,
    key,
    max_bytes: UPLOAD_MAX_BYTES,
    content_types: contentTypes,
    expires_at: expiresAt,
  };
}
