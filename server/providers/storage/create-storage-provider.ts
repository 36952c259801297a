import path from "node:path";
import { createLocalDiskStorage } from "./local-disk-storage";
import { s3Settings, type StorageConfig } from "./s3-settings";
import { createS3Storage } from "./s3-storage";
import type { StorageProvider } from "./types";
import type { Db } from "../../db/types";
import { loadUploadSecret, type UploadSecretConfig } from "./upload-secret";

/**
 * S3-compatible storage when S3_BUCKET is set, else the local disk under DATA_DIR/files (its upload secret from
 * `db` on Postgres, upload-secret.ts).
 */
export async function createStorageProvider(
  config: StorageConfig & UploadSecretConfig,
  db?: Db,
): Promise<StorageProvider> {
  const s3 = s3Settings(config);
  if (s3) return createS3Storage(s3);
  const secret = await loadUploadSecret(config, db);
  return createLocalDiskStorage({ root: path.join(config.dataDir, "files"), secret });
}
