import type { Readable } from "node:stream";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { FILE_CODES, UPLOAD_MAX_BYTES, type UploadContentType } from "../../../lib/contracts/files";
import { AppError, errors } from "../../errors";
import type { LocalDiskStorage } from "../../providers/storage/local-disk-storage";
import { UploadRejected } from "../../providers/storage/upload-policy";

/**
 * Room for the form's fields and part headers around the file: in a declared Content-Length, in the bytes read
 * before the file part (whose fields carry the ticket), and in what is read after it.
 */
export const UPLOAD_FORM_OVERHEAD_BYTES = 64 * 1024;

export interface ReceivedUpload {
  key: string;
  bytes: number;
}

const tooLarge = () => new AppError(413, FILE_CODES.UPLOAD_TOO_LARGE, "The image must be at most 8 MB");

/**
 * POST /v1/file/upload for the local disk, as S3 answers a presigned POST: a multipart form whose fields come first
 * (key, Content-Type, policy, signature) and whose file is the part named `file`. The policy is checked as soon as
 * the file part starts; the file's bytes are counted as they arrive, and past the policy's maximum nothing more is
 * read (the source is unpiped and paused: the caller answers 413 and the connection closes). So is a form whose
 * file part has not started, with a valid ticket, within its first UPLOAD_FORM_OVERHEAD_BYTES (400: no one reads
 * an endless preamble or field looking for a ticket), or a body past the file's maximum and that overhead (413).
 * Resolves once the whole form is in and the file is stored under the policy's key.
 */
export function receiveUpload(
  storage: LocalDiskStorage,
  source: Readable,
  contentType: string,
  nowSeconds: number,
): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { "content-type": contentType },
        limits: {
          fields: 16,
          fieldSize: 8 * 1024,
          fieldNameSize: 100,
          files: 1,
          parts: 17,
          fileSize: UPLOAD_MAX_BYTES,
        },
      });
    } catch {
      reject(errors.badRequest("The upload must be a multipart/form-data form"));
      return;
    }
    const fields = new Map<string, string>();
    let settled = false;
    let file: { key: string; chunks: Buffer[]; size: number } | null = null;
    let fileDone = false;
    let received = 0;

    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      source.off("data", count);
      source.unpipe(parser);
      source.pause();
      reject(err);
    };
    // Checked before each chunk goes on: at most one socket read (64 KB) past the limits is ever taken.
    function count(chunk: Buffer) {
      if (!file && received >= UPLOAD_FORM_OVERHEAD_BYTES) {
        return fail(
          errors.badRequest("The upload form must bring its ticket's fields and file within its first 64 KB"),
        );
      }
      received += chunk.length;
      if (received > UPLOAD_MAX_BYTES + UPLOAD_FORM_OVERHEAD_BYTES) fail(tooLarge());
    }

    parser.on("field", (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return fail(errors.badRequest("A field of the upload form is too long"));
      if (file) return; // S3 ignores fields after the file too.
      if (!fields.has(name)) fields.set(name, value);
    });

    parser.on("file", (name, stream: BusboyFileStream, _filename, _encoding, mimeType) => {
      if (settled) return;
      if (name !== "file") return fail(errors.badRequest("The file must be the form's field named 'file'"));
      let policy;
      try {
        policy = storage.checkUploadForm(fields, nowSeconds);
      } catch (err) {
        return fail(err instanceof UploadRejected ? errors.forbidden(err.message) : err);
      }
      const declared = fields.get("Content-Type") ?? mimeType;
      if (!policy.content_types.includes(declared as UploadContentType)) {
        return fail(new AppError(415, FILE_CODES.UPLOAD_NOT_AN_IMAGE, "Choose a PNG, JPEG or WebP image"));
      }
      const current = { key: policy.key, chunks: [] as Buffer[], size: 0 };
      file = current;
      const maxBytes = Math.min(policy.max_bytes, UPLOAD_MAX_BYTES);
      stream.on("data", (chunk: Buffer) => {
        if (settled) return;
        current.size += chunk.length;
        if (current.size > maxBytes) return fail(tooLarge());
        current.chunks.push(chunk);
      });
      stream.on("limit", () => fail(tooLarge()));
      stream.on("end", () => {
        fileDone = true;
      });
    });

    parser.on("finish", () => {
      if (settled) return;
      if (!file || !fileDone) return fail(errors.badRequest("The upload form has no file"));
      if (file.size < 1) return fail(errors.badRequest("The file is empty"));
      const { key, chunks, size } = file;
      settled = true;
      storage
        .put(key, Buffer.concat(chunks, size), { contentType: "application/octet-stream", cacheControl: "private" })
        .then(() => resolve({ key, bytes: size }), reject);
    });

    parser.on("error", () => fail(errors.badRequest("The upload form is malformed")));
    source.on("error", () => fail(errors.badRequest("The upload was not received in full")));
    source.on("aborted", () => fail(errors.badRequest("The upload was not received in full")));
    source.on("data", count);
    source.pipe(parser);
  });
}
