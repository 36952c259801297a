import type { UploadContentType } from "../../../lib/contracts/files";

/** What an upload ticket allows: one key, some content types, a size and a deadline. */
export interface UploadTicketRequest {
  key: string;
  /** The types the upload may declare; one type makes it exact (the form must send that Content-Type). */
  contentTypes: readonly UploadContentType[];
  maxBytes: number;
  /** Unix seconds. */
  expiresAt: number;
}

/** A presigned POST: the browser sends `fields` (in order) then the file as `file`, as multipart/form-data, to `url`. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface PutOptions {
  contentType: string;
  cacheControl: string;
}

/** An object was larger than the cap its reader gave. */
export class StoredObjectTooLarge extends Error {
  constructor(readonly key: string) {
    super(`Stored object ${key} is larger than the cap`);
    this.name = "StoredObjectTooLarge";
  }
}

/**
 * Where uploads and the verified copies live (server/providers/storage). Keys are made by the server only
 * (server/modules/files/upload-keys.ts): `incoming/{user id}/{random}` and `avatars/{sha256}.webp`.
 */
export interface StorageProvider {
  readonly kind: "local" | "s3";
  createUploadTicket(request: UploadTicketRequest): Promise<PresignedPost>;
  /** The object's bytes, or null when there is none; StoredObjectTooLarge past maxBytes (read no further). */
  read(key: string, maxBytes: number): Promise<Uint8Array | null>;
  put(key: string, body: Uint8Array, options: PutOptions): Promise<void>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** Where browsers load the object from (a path of this site for the local disk, an absolute URL for S3). */
  publicUrl(key: string): string;
}
