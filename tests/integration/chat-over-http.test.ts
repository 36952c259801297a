import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/server/api/app";
import { chatMessages, robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { createHttpServer } from "@/server/http-server";
import { activeReplyCount, settleActiveReplies } from "@/server/modules/chat/active-replies";
import { createMockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./helpers/fixtures";
import { readChatStream, textOf } from "./helpers/read-chat-stream";
import { createTestApi } from "./helpers/test-api";
import { createTestDatabase } from "./helpers/test-database";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The chat stream through the real Node HTTP server, with real sockets: what a browser sees. */
describe("chat over a real HTTP connection", () => {
  let database: DbHandle;
  let server: ReturnType<typeof createHttpServer>;
  let base: string;
  const llm = createMockProvider();
  let robotId: number;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedDemo(database.db);
    const { deps } = createTestApi(database, {}, undefined, llm);
    server = createHttpServer(createApi(deps));
    await new Promise<void>((resolve) => server.server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const [r] = await database.db.select({ id: robots.id }).from(robots).where(eq(robots.nsfw, false)).limit(1);
    robotId = r!.id;
  });
  afterAll(async () => {
    await server?.shutdown(100);
    await database?.close();
  });

  const post = async (token: string, message: string, signal?: AbortSignal) =>
    fetch(`${base}/v1/chat_session/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "accept-encoding": "gzip, br" },
      body: JSON.stringify({ robot_id: robotId, message }),
      signal,
    });

  it("streams uncompressed, each delta as it is written", async () => {
    const { token } = await createUserWithSession(database.db);
    llm.setScript({ chunks: ["one", " two", " three"], chunkDelayMs: 100 });
    const res = await post(token, "count");
    expect(res.headers.get("content-encoding")).toBeNull();
    const arrivals: number[] = [];
    const stream = await readChatStream(res, (m) => {
      if (m.type === "delta") arrivals.push(Date.now());
      return false;
    });
    expect(textOf(stream)).toBe("one two three");
    expect(stream.closed).toBe(true);
    // delivered one by one, not buffered to the end
    expect(arrivals[2]! - arrivals[0]!).toBeGreaterThan(100);
  });

  it("aborts the model within a second when the browser drops the connection, and keeps the partial reply", async () => {
    const { token } = await createUserWithSession(database.db);
    llm.setScript({ chunks: Array.from({ length: 40 }, (_, i) => ` w${i}`), chunkDelayMs: 50 });
    const controller = new AbortController();
    const res = await post(token, "long story", controller.signal);
    const reader = res.body!.getReader();
    let seen = "";
    while (!seen.includes("w2")) seen += new TextDecoder().decode((await reader.read()).value);
    const assistantId = Number(/"message_id":(\d+)/.exec(seen)![1]);
    const droppedAt = Date.now();
    controller.abort();
    const call = llm.calls.at(-1)!;
    while (call.abortedAt === null && Date.now() - droppedAt < 3000) await sleep(10);
    expect(call.abortedAt).not.toBeNull();
    expect(call.abortedAt! - droppedAt).toBeLessThan(1000);
    let row: typeof chatMessages.$inferSelect | undefined;
    for (let i = 0; i < 100; i++) {
      [row] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantId));
      if (row?.status !== "streaming") break;
      await sleep(20);
    }
    expect(row!.status).toBe("partial");
    expect(row!.content).toContain("w2");
    // the server is fine afterwards
    llm.setScript({});
    const again = await readChatStream(await post(token, "still there?"));
    expect(again.messages.at(-1)?.type).toBe("end");
  });

  it("on shutdown lets a reply run until the deadline, then stores it as partial before the database closes", async () => {
    const { deps } = createTestApi(database, {}, undefined, llm);
    const other = createHttpServer(createApi(deps));
    await new Promise<void>((resolve) => other.server.listen(0, "127.0.0.1", resolve));
    const { token } = await createUserWithSession(database.db);
    llm.setScript({ chunks: Array.from({ length: 100 }, (_, i) => ` s${i}`), chunkDelayMs: 30 });
    const res = await fetch(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}/v1/chat_session/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ robot_id: robotId, message: "keep talking" }),
    });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const assistantId = Number(/"message_id":(\d+)/.exec(first)![1]);
    void reader.read().catch(() => undefined);
    expect(activeReplyCount()).toBeGreaterThan(0);
    await other.shutdown(200);
    await settleActiveReplies(2000);
    expect(activeReplyCount()).toBe(0);
    const [row] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantId));
    expect(row!.status).toBe("partial");
    expect(row!.content.length).toBeGreaterThan(0);
  });
});
