import path from "node:path";
import type { Config } from "../../config";
import { createLocalDiskStorage } from "./local-disk-storage";
import { createS3Storage, s3PostOrigin } from "./s3-storage";
import type { StorageProvider } from "./types";
import { loadUploadSecret } from "./upload-secret";

export type StorageConfig = Pick<
  Config,
  | "dataDir"
  | "UPLOAD_SIGNING_SECRET"
  | "S3_ENDPOINT"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_PUBLIC_URL"
  | "S3_FORCE_PATH_STYLE"
>;

/** S3_REGION unset: "us-east-1", what MinIO and most S3-compatible servers accept (R2 takes "auto"). */
const DEFAULT_REGION = "us-east-1";

/** The S3 settings when uploads go to S3 (S3_BUCKET set; parseConfig already required the rest), else null. */
export function s3Settings(config: StorageConfig) {
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL } = config;
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY || !S3_PUBLIC_URL) return null;
  return {
    bucket: S3_BUCKET,
    region: config.S3_REGION ?? DEFAULT_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: S3_PUBLIC_URL,
  };
}

/** Origins the pages' CSP must allow for uploads: images from S3_PUBLIC_URL, the form's POST to the bucket. */
export function storageOrigins(config: StorageConfig): { images: string | null; uploads: string | null } {
  const s3 = s3Settings(config);
  if (!s3) return { images: null, uploads: null };
  return { images: new URL(s3.publicUrl).origin, uploads: s3PostOrigin(s3) };
}

/** S3-compatible storage when S3_BUCKET is set, else the local disk under DATA_DIR/files. */
export async function createStorageProvider(config: StorageConfig): Promise<StorageProvider> {
  const s3 = s3Settings(config);
  if (s3) return createS3Storage(s3);
  return createLocalDiskStorage({ root: path.join(config.dataDir, "files"), secret: await loadUploadSecret(config) });
}
