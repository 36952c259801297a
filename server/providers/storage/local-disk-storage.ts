import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertStorageKey } from "./storage-keys";
import { readPolicy, signPolicy, type UploadPolicy } from "./upload-policy";
import { StoredObjectTooLarge, type PresignedPost, type StorageProvider, type UploadTicketRequest } from "./types";

/** The route the local disk's tickets post to (server/api/routes-files.ts). */
export const LOCAL_UPLOAD_PATH = "/v1/file/upload";

export interface LocalDiskStorage extends StorageProvider {
  readonly kind: "local";
  /** The signed policy of an upload form's fields (UploadRejected when forged, expired or for another key). */
  checkUploadForm(fields: ReadonlyMap<string, string>, nowSeconds: number): UploadPolicy;
  /** Deletes uploads never verified (and stray temporary files) older than `maxAgeMs`; answers how many. */
  sweepIncoming(maxAgeMs: number, now?: number): Promise<number>;
}

/**
 * Files under `root` (DATA_DIR/files), one per key: keys are only the server's own shapes (storage-keys.ts), so a
 * path never leaves the folder. Writes go to a temporary file renamed into place: a reader never sees half a file.
 */
export function createLocalDiskStorage(options: { root: string; secret: string }): LocalDiskStorage {
  const root = path.resolve(options.root);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split("/"));
  };

  return {
    kind: "local",

    async createUploadTicket(request: UploadTicketRequest): Promise<PresignedPost> {
      const signed = signPolicy(options.secret, {
        v: 1,
        key: request.key,
        content_types: [...request.contentTypes],
        max_bytes: request.maxBytes,
        expires_at: request.expiresAt,
      });
      const fields: Record<string, string> = { key: request.key };
      if (request.contentTypes.length === 1) fields["Content-Type"] = request.contentTypes[0]!;
      return { url: LOCAL_UPLOAD_PATH, fields: { ...fields, ...signed } };
    },

    checkUploadForm(fields, nowSeconds) {
      return readPolicy(options.secret, fields, nowSeconds);
    },

    async sweepIncoming(maxAgeMs, now = Date.now()) {
      const incoming = path.join(root, "incoming");
      let removed = 0;
      for (const owner of await listDir(incoming)) {
        const folder = path.join(incoming, owner);
        for (const name of await listDir(folder)) {
          const file = path.join(folder, name);
          const stat = await fs.stat(file).catch(() => null);
          if (stat?.isFile() && now - stat.mtimeMs > maxAgeMs) {
            await fs.rm(file, { force: true });
            removed++;
          }
        }
        // Fails while the folder still holds files: kept for the next sweep.
        await fs.rmdir(folder).catch(() => undefined);
      }
      return removed;
    },

    async read(key, maxBytes) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileOf(key), "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        if (size > maxBytes) throw new StoredObjectTooLarge(key);
        const buffer = Buffer.alloc(size);
        const { bytesRead } = await handle.read(buffer, 0, size, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = path.join(path.dirname(file), `.${randomBytes(8).toString("hex")}.tmp`);
      try {
        await fs.writeFile(tmp, body, { flag: "wx", mode: 0o640 });
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.unlink(tmp).catch(() => undefined);
        throw err;
      }
    },

    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    publicUrl(key) {
      assertStorageKey(key);
      return `/v1/file/${key}`;
    },
  };
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "ENOTDIR") {
      return [];
    }
    throw err;
  }
}

export function isLocalDiskStorage(storage: StorageProvider): storage is LocalDiskStorage {
  return storage.kind === "local" && "checkUploadForm" in storage;
}
