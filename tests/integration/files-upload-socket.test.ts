import { randomBytes } from "node:crypto";
import type { EventEmitter } from "node:events";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_CODES, UPLOAD_MAX_BYTES, type UploadTicket } from "@/lib/contracts/files";
import { createApi } from "@/server/api/app";
import type { ApiDeps } from "@/server/api/context";
import { parseConfig } from "@/server/config";
import type { DbHandle } from "@/server/db/types";
import { createHttpServer } from "@/server/http-server";
import { createLogger } from "@/server/logger";
import { createEventWriter } from "@/server/modules/analytics/event-writer";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createLocalDiskStorage } from "@/server/providers/storage/local-disk-storage";
import { createMockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase } from "./helpers/test-database";

/** The next `event` (an 'error' before it does not reject). */
function next(emitter: EventEmitter, event: string): Promise<void> {
  return new Promise((resolve) => emitter.once(event, () => resolve()));
}

describe("the local upload route over a real socket", () => {
  let database: DbHandle;
  let root: string;
  let server: ReturnType<typeof createHttpServer>;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    root = await fs.mkdtemp(path.join(os.tmpdir(), "kewl-uploads-socket-"));
    const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const deps: ApiDeps = {
      config,
      database,
      store: createMemoryStore(),
      logger: createLogger("silent"),
      llm: createMockProvider(),
      payments: null,
      storage: createLocalDiskStorage({ root, secret: randomBytes(32).toString("hex") }),
      analytics: createEventWriter(database, createLogger("silent")),
    };
    server = createHttpServer(createApi(deps), { config });
    await new Promise<void>((resolve) => server.server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server?.server.listening) await server.shutdown(10);
    await database?.close();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it("answers 413 while a file past the cap is still being sent, and reads no more of it", async () => {
    const { token } = await createUserWithSession(database.db);
    const sts = await fetch(`${base}/v1/file/sts?content_type=image/png`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const ticket = (await sts.json()).data as UploadTicket;
    const boundary = `----kewl${randomBytes(8).toString("hex")}`;
    const head =
      Object.entries(ticket.fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;

    const serverSocket = new Promise<Socket>((resolve) => server.server.once("connection", resolve));
    const agent = new http.Agent({ keepAlive: true });
    const req = http.request(`${base}/v1/file/upload`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      agent,
    });
    req.on("error", () => undefined); // the server closes the connection under the rest of the upload
    const closed = next(req, "close");
    const response = new Promise<http.IncomingMessage>((resolve) => req.once("response", resolve));
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let sent = 0;
    const pump = () => {
      while (!req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
    };
    req.write(head);
    pump();
    const res = await response;
    const endedBody = req.writableEnded;
    const chunks: Buffer[] = [];
    for await (const part of res) chunks.push(part as Buffer);
    await closed;
    const socket = await serverSocket;
    if (!socket.destroyed) await next(socket, "close");
    agent.destroy();

    expect(endedBody).toBe(false);
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe("close");
    expect(JSON.parse(Buffer.concat(chunks).toString()).code).toBe(FILE_CODES.UPLOAD_TOO_LARGE);
    expect(sent).toBeGreaterThan(UPLOAD_MAX_BYTES);
    // The server stopped at the cap (plus socket buffers), however much the client pushed.
    expect(socket.bytesRead).toBeLessThan(UPLOAD_MAX_BYTES + 2 * 1024 * 1024);
    await expect(fs.access(path.join(root, ...ticket.key.split("/")))).rejects.toThrow();
  });
});
