import {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TICKET_SECONDS,
  type UploadContentType,
  type UploadTicket,
} from "../../../lib/contracts/files";
import { incomingKey } from "../../providers/storage/storage-keys";
import type { StorageProvider } from "../../providers/storage/types";
import type { KeyValueStore } from "../limits/key-value-store";
import { spendUploadLimit } from "./upload-limits";

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
  await spendUploadLimit(deps.store, "ticket", userId);
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
