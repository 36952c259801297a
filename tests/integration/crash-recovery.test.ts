import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "@/server/db/open-database";
import { chatMessages, robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { startOpenAiStub } from "@/tests/support/openai-stub-server.mjs";
import { createUserWithSession } from "./helpers/fixtures";
import { adminClient, withDatabase } from "./helpers/postgres-admin";
import { chatStreamReader } from "./helpers/read-chat-stream";
import { type ServerProcess, startServerProcess } from "./helpers/server-process";
import { type Driver, testDrivers } from "./helpers/test-database";

/**
 * The real server process, crashed (SIGKILL) and stopped (SIGTERM) while it writes a reply, then started again on
 * the same database (and Redis, on Postgres): the chat takes messages again once the dead process's leases lapse,
 * the cut reply is settled with its text, and a stop ends open streams with an error message.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const CLEAN_ENV = { DATABASE_URL: "", REDIS_URL: "", WEB_CONCURRENCY: "", LLM_MODELS: "", S3_BUCKET: "" };

type Stub = Awaited<ReturnType<typeof startOpenAiStub>>;

interface Site {
  env: Record<string, string>;
  /** The site's database, opened while no server holds it (PGlite's folder is one process's). */
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

async function makeSite(driver: Driver, llmBaseUrl: string): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-crash-"));
  const base = {
    ...CLEAN_ENV,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    SEED_DEMO: "false",
    LLM_BASE_URL: llmBaseUrl,
    RATE_LIMIT_PER_MINUTE: "100000",
    LIVENESS_TIMEOUT_MS: "1500",
  };
  if (driver === "pglite") {
    return {
      env: base,
      open: () => openDatabase({ dataDir: path.join(dataDir, "pglite") }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `kewl_t_crash_${randomBytes(6).toString("hex")}`;
  const admin = await adminClient(adminUrl!);
  const template = inject("postgresTemplate");
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl!, name);
  return {
    env: { ...base, DATABASE_URL: url, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
    open: () => openDatabase({ databaseUrl: url, poolSize: 2 }),
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const dropper = await adminClient(adminUrl!);
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function startServer(site: Site, extra: Record<string, string> = {}) {
  const server = startServerProcess(["--import", "tsx", "tests/support/api-server-child.ts"], {
    ...site.env,
    ...extra,
  });
  const ready = await server.until((line) => line.msg === "listening", "the server listened");
  return { server, base: `http://127.0.0.1:${Number(ready.port)}` };
}

/** Sends until the answer is no longer "busy" (409, 429), a tenth of a second apart; the answer. */
async function untilAnswered(send: () => Promise<Response>): Promise<Response> {
  for (;;) {
    const answer = await send();
    if (answer.status !== 409 && answer.status !== 429) return answer;
    await answer.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopped(server: ServerProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  await server.exited;
}

describe.each(testDrivers())("a server that dies or stops mid-reply, on %s", (driver) => {
  let stub: Stub;
  let site: Site;
  let token: string;
  let robotId: number;
  let otherRobotId: number;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    stub = await startOpenAiStub({ tokenDelayMs: 15 });
    site = await makeSite(driver, stub.baseUrl);
    const database = await site.open();
    await seedDemo(database.db);
    ({ token } = await createUserWithSession(database.db, "Ada"));
    const [robot, other] = await database.db
      .select({ id: robots.id })
      .from(robots)
      .where(eq(robots.nsfw, false))
      .orderBy(asc(robots.id))
      .limit(2);
    robotId = robot!.id;
    otherRobotId = other!.id;
    await database.close();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.map(stopped));
    await site?.drop();
    await stub?.close();
  });

  const send = (base: string, body: Record<string, unknown>) =>
    fetch(`${base}/v1/chat_session/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ robot_id: robotId, ...body }),
    });

  /** The reply's row, read once no server holds the database (PGlite) or beside one (Postgres). */
  async function replyRow(messageId: number) {
    const database = await site.open();
    try {
      const [row] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
      return row!;
    } finally {
      await database.close();
    }
  }

  it("takes a message in the chat again, and settles the cut reply with its text, after a crash", async () => {
    const first = await startServer(site, { LOG_LEVEL: "debug" });
    running.push(first.server);
    const res = await send(first.base, { message: "[[slow]] Tell me a long story" });
    expect(res.status).toBe(200);
    const stream = chatStreamReader(res);
    const start = await stream.until((m) => m.type === "start");
    const firstText = String((await stream.until((m) => m.type === "delta")).text);
    // Its first text is saved with it, not an interval later.
    await first.server.until((line) => line.msg === "chat reply checkpoints saved", "the first checkpoint");
    const chatId = String(start.session_id);
    const messageId = Number(start.message_id);
    first.server.child.kill("SIGKILL");
    await first.server.exited;

    // The reply's lease (one reply per chat) and the user's stream lease lapse on their own: the chat answers
    // 409 or 429 until then, never for the minutes a lease used to outlive its process.
    const second = await startServer(site);
    running.push(second.server);
    const answer = await untilAnswered(() => send(second.base, { chat_id: chatId, message: "Are you there?" }));
    expect(answer.status).toBe(200);
    const next = await chatStreamReader(answer).rest();
    expect(next.messages.at(-1)?.type).toBe("end");

    // The cut reply is settled by the new process's sweep: partial, with the text its first checkpoint saved.
    if (driver === "postgres") {
      const database = await site.open();
      try {
        await expect
          .poll(
            async () =>
              (await database.db.select().from(chatMessages).where(eq(chatMessages.id, messageId)))[0]?.status,
            { timeout: 30_000 },
          )
          .toBe("partial");
      } finally {
        await database.close();
      }
    } else {
      await second.server.until((line) => line.msg === "interrupted chat replies settled", "the sweep settled it");
    }
    await stopped(second.server);
    const row = await replyRow(messageId);
    expect(row.status).toBe("partial");
    expect(firstText.length).toBeGreaterThan(0);
    expect(row.content.startsWith(firstText), `${row.content} begins with what was shown first`).toBe(true);
  });

  it.each(["8", "1"])(
    "on SIGTERM with %s listening handles, lets replies finish until the deadline, then ends the rest with an error",
    async (handles) => {
      const { server, base } = await startServer(site, { SHUTDOWN_TIMEOUT_MS: "3000", HTTP_LISTEN_HANDLES: handles });
      running.push(server);
      const long = chatStreamReader(await send(base, { message: "[[slow]] A story that outlives the deadline" }));
      const cut = await long.until((m) => m.type === "start");
      await long.until((m) => m.type === "delta");
      const short = chatStreamReader(await send(base, { robot_id: otherRobotId, message: "A short one" }));
      await short.until((m) => m.type === "delta");
      const draining = server.until((line) => line.msg === "shutting down", "the server began to drain");
      server.child.kill("SIGTERM");
      await draining;

      // The short reply, in flight when the signal came, ends as usual.
      const finished = await short.rest();
      expect(finished.messages.at(-1)?.type).toBe("end");
      expect(finished.closed).toBe(true);
      // The long one is still open at the deadline: it ends with an error message and `event: close`.
      const ended = await long.rest();
      expect(ended.messages.filter((m) => m.type === "delta").length).toBeGreaterThan(1);
      expect(ended.messages.at(-1)).toMatchObject({
        type: "error",
        error: { code: 50302 },
        message: { id: Number(cut.message_id), status: "partial" },
      });
      expect(ended.closed).toBe(true);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      const row = await replyRow(Number(cut.message_id));
      expect(row.status).toBe("partial");
      expect(row.content.length).toBeGreaterThan(0);
    },
  );

  it("on SIGTERM answers not ready at once while it still serves for SHUTDOWN_DRAIN_DELAY_MS", async () => {
    const { server, base } = await startServer(site, { SHUTDOWN_DRAIN_DELAY_MS: "120000" });
    running.push(server);
    expect((await fetch(`${base}/v1/health/ready`)).status).toBe(200);
    const draining = server.until((line) => line.msg === "shutting down", "the server began to drain");
    server.child.kill("SIGTERM");
    await draining;
    const ready = await fetch(`${base}/v1/health/ready`, { headers: { connection: "close" } });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ msg: "Not ready: shutting down" });
    // Still accepting: a request the balancer sent before it noticed is answered.
    expect((await fetch(`${base}/v1/health`, { headers: { connection: "close" } })).status).toBe(200);
    await stopped(server);
  });
});
