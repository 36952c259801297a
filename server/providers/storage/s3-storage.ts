import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { createPresignedPost, type PresignedPostOptions } from "@aws-sdk/s3-presigned-post";
import { assertStorageKey } from "./storage-keys";
import type { S3StorageOptions } from "./s3-settings";
import { StoredObjectTooLarge, type StorageProvider } from "./types";

type Condition = NonNullable<PresignedPostOptions["Conditions"]>[number];

export interface S3Storage extends StorageProvider {
  readonly kind: "s3";
  readonly client: S3Client;
}

function isMissing(err: unknown): boolean {
  return err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);
}

/**
 * S3-compatible storage (AWS S3, R2, MinIO) through the AWS SDK. Browsers upload with a presigned POST whose
 * conditions fix the key, the size and the Content-Type; the server reads, writes and deletes with its credentials.
 * Checksums only when an operation requires them: several S3-compatible servers reject the SDK's default CRC32.
 */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;

  return {
    kind: "s3",
    client,

    async createUploadTicket(request) {
      assertStorageKey(request.key);
      const exact = request.contentTypes.length === 1 ? request.contentTypes[0] : undefined;
      // One key, 1 byte to the cap, and the declared type: exact when one was asked for, else an image type (the
      // verify step allows PNG, JPEG and WebP by their bytes whatever was declared).
      const conditions: Condition[] = [
        { bucket: Bucket },
        ["eq", "$key", request.key],
        ["content-length-range", 1, request.maxBytes],
        exact ? ["eq", "$Content-Type", exact] : ["starts-with", "$Content-Type", "image/"],
      ];
      const expires = Math.max(1, request.expiresAt - Math.floor(Date.now() / 1000));
      const post = await createPresignedPost(client, {
        Bucket,
        Key: request.key,
        Conditions: conditions,
        Fields: exact ? { "Content-Type": exact } : {},
        Expires: expires,
      });
      return { url: post.url, fields: post.fields };
    },

    async read(key, maxBytes) {
      assertStorageKey(key);
      let body: unknown;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if ((answer.ContentLength ?? 0) > maxBytes) {
          (answer.Body as Readable | undefined)?.destroy?.();
          throw new StoredObjectTooLarge(key);
        }
        body = answer.Body;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      if (!(body instanceof Readable)) throw new Error("S3 answered without a readable body");
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (size > maxBytes) {
          body.destroy();
          throw new StoredObjectTooLarge(key);
        }
        chunks.push(buffer);
      }
      return Buffer.concat(chunks, size);
    },

    async put(key, body, put) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: put.contentType,
          CacheControl: put.cacheControl,
        }),
      );
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    publicUrl(key) {
      assertStorageKey(key);
      return `${options.publicUrl}/${key}`;
    },
  };
}
