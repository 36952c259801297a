import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_CODES, UPLOAD_MAX_BYTES, type UploadTicket } from "@/lib/contracts/files";
import { createApi } from "@/server/api/app";
import type { DbHandle } from "@/server/db/types";
import { createHttpServer } from "@/server/http-server";
import { createLocalDiskStorage } from "@/server/providers/storage/local-disk-storage";
import { endlessUpload } from "./helpers/endless-upload";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestApi } from "./helpers/test-api";
import { createTestDatabase } from "./helpers/test-database";

describe("the local upload route over a real socket", () => {
  let database: DbHandle;
  let root: string;
  let server: ReturnType<typeof createHttpServer>;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    root = await fs.mkdtemp(path.join(os.tmpdir(), "kewl-uploads-socket-"));
    const storage = createLocalDiskStorage({ root, secret: randomBytes(32).toString("hex") });
    const { deps } = createTestApi(database, {}, undefined, undefined, null, storage);
    server = createHttpServer(createApi(deps), { config: deps.config });
    await new Promise<void>((resolve) => server.server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server?.server.listening) await server.shutdown(10);
    await database?.close();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  /** A new user's ticket, and the form's fields and the file part's headers for it. */
  async function ticketForm(boundary: string) {
    const { token } = await createUserWithSession(database.db);
    const sts = await fetch(`${base}/v1/file/sts?content_type=image/png`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const ticket = (await sts.json()).data as UploadTicket;
    const head =
      Object.entries(ticket.fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
    return { ticket, head };
  }

  it("answers 413 while a file past the cap is still being sent, and reads no more of it", async () => {
    const boundary = `----kewl${randomBytes(8).toString("hex")}`;
    const { ticket, head } = await ticketForm(boundary);

    const { res, body, endedBody, sent, serverRead } = await endlessUpload(server.server, `${base}/v1/file/upload`, {
      contentType: `multipart/form-data; boundary=${boundary}`,
      head,
      chunk: Buffer.alloc(64 * 1024, 0x41),
    });

    expect(endedBody).toBe(false);
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe("close");
    expect(JSON.parse(body).code).toBe(FILE_CODES.UPLOAD_TOO_LARGE);
    expect(sent).toBeGreaterThan(UPLOAD_MAX_BYTES);
    // The server stopped at the cap (plus socket buffers), however much the client pushed.
    expect(serverRead).toBeLessThan(UPLOAD_MAX_BYTES + 2 * 1024 * 1024);
    await expect(fs.access(path.join(root, ...ticket.key.split("/")))).rejects.toThrow();
  });

  const boundary = "----kewlnoticket";
  it.each([
    ["never reaches a part (an endless preamble)", ""],
    ["never ends its first field", `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\n`],
  ])("refuses a form that %s within its first 64 KB, without a ticket, and reads no more of it", async (_, head) => {
    const { res, body, endedBody, sent, serverRead } = await endlessUpload(server.server, `${base}/v1/file/upload`, {
      contentType: `multipart/form-data; boundary=${boundary}`,
      head,
      chunk: Buffer.alloc(16 * 1024, 0x41),
    });

    expect(endedBody).toBe(false);
    expect(res.statusCode).toBe(400);
    expect(res.headers.connection).toBe("close");
    expect(JSON.parse(body).msg).toMatch(/first 64 KB/);
    expect(sent).toBeGreaterThan(64 * 1024);
    // 64 KB, one more socket read and what Node buffers before it stops reading the socket.
    expect(serverRead).toBeLessThan(256 * 1024);
  });

  it("answers 413 to a form that goes on past its file, and reads no more than the file's cap and 64 KB", async () => {
    const boundary = `----kewl${randomBytes(8).toString("hex")}`;
    const { head } = await ticketForm(boundary);
    const { res, endedBody, sent, serverRead } = await endlessUpload(server.server, `${base}/v1/file/upload`, {
      contentType: `multipart/form-data; boundary=${boundary}`,
      head: `${head}\x89PNG\r\n--${boundary}--\r\n`,
      chunk: Buffer.alloc(64 * 1024, 0x41),
    });

    expect(endedBody).toBe(false);
    expect(res.statusCode).toBe(413);
    expect(sent).toBeGreaterThan(UPLOAD_MAX_BYTES);
    expect(serverRead).toBeLessThan(UPLOAD_MAX_BYTES + 2 * 1024 * 1024);
  });
});
