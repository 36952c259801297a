import type { Config } from "../../config";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset: AWS itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Base URL the objects are served from to browsers (no trailing slash). */
  publicUrl: string;
}

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

/**
 * The origin browsers post uploads to (for the pages' connect-src): the bucket's host, or the endpoint's with
 * path-style URLs. Follows the SDK's addressing; tests/integration/files-s3.test.ts compares it with a real ticket.
 */
export function s3PostOrigin(
  options: Pick<S3StorageOptions, "bucket" | "region" | "endpoint" | "forcePathStyle">,
): string {
  if (options.endpoint) {
    const url = new URL(options.endpoint);
    return options.forcePathStyle ? url.origin : `${url.protocol}//${options.bucket}.${url.host}`;
  }
  return options.forcePathStyle
    ? `https://s3.${options.region}.amazonaws.com`
    : `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}
