import { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { Hono, type Context } from "hono";
import { FILE_CODES, fileStsQuery, fileVerifyRequest, UPLOAD_MAX_BYTES } from "../../lib/contracts/files";
import { AppError, errors } from "../errors";
import { receiveUpload, UPLOAD_FORM_OVERHEAD_BYTES } from "../modules/files/receive-upload";
import { issueUploadTicket } from "../modules/files/upload-ticket";
import { spendUploadLimit } from "../modules/files/upload-limits";
import { AVATAR_CACHE_CONTROL, verifyUpload } from "../modules/files/verify-upload";
import { isLocalDiskStorage } from "../providers/storage/local-disk-storage";
import { avatarKey } from "../providers/storage/storage-keys";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth } from "./middleware/auth";
import { readBody, readQuery } from "./validate";

/** A verified copy is a 512 px WebP: far below this. */
const SERVED_FILE_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_FILE = /^([0-9a-f]{64})\.webp$/;

function notFound(c: Context<ApiEnv>): AppError {
  return errors.notFound(`Not found: ${c.req.method} ${c.req.path}`);
}

/** The request's body as a Node stream: the socket's own under the Node server, the Request's in tests. */
function bodyStream(c: Context<ApiEnv>): Readable | null {
  const incoming = c.env?.incoming;
  if (incoming instanceof IncomingMessage) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>) : null;
}

/** Uploads (lib/contracts/files.ts): tickets, the local disk's form upload, verification, and serving the copies. */
export function fileRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get("/file/sts", requireAuth, async (c) => {
    const { content_type } = readQuery(c, fileStsQuery);
    const { storage, store } = c.get("deps");
    return ok(c, await issueUploadTicket({ storage, store }, c.get("user").id, content_type));
  });

  // The local disk's stand-in for S3's form upload: authorised by the ticket's signed policy, not by a session.
  // Its body is streamed here, never read by parse-input (STREAMED_BODY_PATHS).
  app.post("/file/upload", async (c) => {
    const { storage } = c.get("deps");
    if (!isLocalDiskStorage(storage)) throw notFound(c);
    const declared = Number(c.req.header("content-length") ?? "0");
    const source = bodyStream(c);
    if (declared > UPLOAD_MAX_BYTES + UPLOAD_FORM_OVERHEAD_BYTES || !source) {
      c.header("connection", "close");
      if (!source) throw errors.badRequest("The upload form has no file");
      throw new AppError(413, FILE_CODES.UPLOAD_TOO_LARGE, "The image must be at most 8 MB");
    }
    try {
      await receiveUpload(storage, source, c.req.header("content-type") ?? "", Math.floor(Date.now() / 1000));
    } catch (err) {
      // The rest of the body is not read: the connection closes after the answer (server/http/close-unread.ts).
      c.header("connection", "close");
      throw err;
    }
    return c.body(null, 204);
  });

  app.post("/file/verify", requireAuth, async (c) => {
    const { key } = readBody(c, fileVerifyRequest);
    await spendUploadLimit(c.get("deps").store, "verify", c.get("user").id);
    return ok(c, await verifyUpload(c.get("deps").storage, c.get("deps").database.db, c.get("user").id, key));
  });

  app.get("/file/avatars/:name", async (c) => {
    const { storage } = c.get("deps");
    const hash = AVATAR_FILE.exec(c.req.param("name"))?.[1];
    if (storage.kind !== "local" || !hash) throw notFound(c);
    const etag = `"${hash}"`;
    const headers = {
      "content-type": "image/webp",
      "cache-control": AVATAR_CACHE_CONTROL,
      "content-security-policy": "default-src 'none'; sandbox",
      "x-content-type-options": "nosniff",
      etag,
    };
    if ((c.req.header("if-none-match") ?? "").split(/\s*,\s*/).includes(etag)) {
      // Content-addressed: the same name is the same bytes; no need to read the file.
      return c.body(null, 304, headers);
    }
    const bytes = await storage.read(avatarKey(hash), SERVED_FILE_MAX_BYTES);
    if (!bytes) throw notFound(c);
    return c.body(new Uint8Array(bytes), 200, headers);
  });

  return app;
}
