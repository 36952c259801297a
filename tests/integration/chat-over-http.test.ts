import diagnostics_channel from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/server/api/app";
import { chatMessages, robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { createHttpServer } from "@/server/http-server";
import { activeReplyCount, settleActiveReplies } from "@/server/modules/chat/active-replies";
import { REPLY_PHASE_CHANNEL, type ReplyPhaseMessage } from "@/server/modules/chat/reply-phases";
import { createMockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./helpers/fixtures";
import { readChatStream, textOf } from "./helpers/read-chat-stream";
import { createTestApi } from "./helpers/test-api";
import { createTestDatabase } from "./helpers/test-database";

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
    // No idle timeout ends a held reply within a test: only the client or a shutdown can.
    const { deps } = createTestApi(database, { LLM_IDLE_TIMEOUT_MS: "300000" }, undefined, llm);
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

  it("publishes the reply's phases on its diagnostics channel once each, in order, under one reply number", async () => {
    const seen: ReplyPhaseMessage[] = [];
    const listen = (message: unknown) => seen.push(message as ReplyPhaseMessage);
    diagnostics_channel.subscribe(REPLY_PHASE_CHANNEL, listen);
    try {
      const { token } = await createUserWithSession(database.db);
      llm.setScript({ chunks: ["one", " two", " three"] });
      expect(textOf(await readChatStream(await post(token, "count")))).toBe("one two three");
    } finally {
      diagnostics_channel.unsubscribe(REPLY_PHASE_CHANNEL, listen);
    }
    expect(seen.map((m) => m.phase)).toEqual(["received", "context-read", "model-asked", "turn-stored", "first-text"]);
    expect(new Set(seen.map((m) => m.reply)).size).toBe(1);
    const times = seen.map((m) => m.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("streams uncompressed, each piece as it is written, under the API's headers", async () => {
    const { token } = await createUserWithSession(database.db);
    // The model holds after "one": the client sees it while the rest of the reply is still to be written.
    llm.setScript({ chunks: ["one", " two", " three"], holdAfterChunks: 1 });
    const res = await post(token, "count");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    // The relay writes the head itself (reply-relay.ts, relayReplyTo): the middleware's headers must be in it.
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-frame-options": "DENY",
      "referrer-policy": "no-referrer",
    });
    expect(res.headers.get("x-request-id")).toMatch(/^[\w.-]{1,64}$/);
    const call = llm.calls.at(-1)!;
    const seenWhileHeld: number[] = [];
    const stream = await readChatStream(res, (m) => {
      if (m.type === "delta" && m.text === "one") {
        seenWhileHeld.push(call.chunksSent);
        llm.release();
      }
      return false;
    });
    expect(seenWhileHeld).toEqual([1]);
    expect(textOf(stream)).toBe("one two three");
    expect(stream.closed).toBe(true);
  });

  it("aborts the model when the browser drops the connection, and keeps the partial reply", async () => {
    const { token } = await createUserWithSession(database.db);
    // Held after three pieces: only the dropped connection can abort it.
    llm.setScript({ chunks: Array.from({ length: 40 }, (_, i) => ` w${i}`), holdAfterChunks: 3 });
    const controller = new AbortController();
    const res = await post(token, "long story", controller.signal);
    const reader = res.body!.getReader();
    let seen = "";
    while (!seen.includes("w2")) seen += new TextDecoder().decode((await reader.read()).value);
    const assistantId = Number(/"message_id":(\d+)/.exec(seen)![1]);
    controller.abort();
    const call = llm.calls.at(-1)!;
    await call.aborted;
    llm.release();
    await call.ended;
    await settleActiveReplies(20_000);
    expect(activeReplyCount()).toBe(0);
    expect(call.chunksSent).toBe(3);
    const [row] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantId));
    expect(row).toMatchObject({ status: "partial", content: " w0 w1 w2" });
    // the server is fine afterwards
    llm.setScript({});
    const again = await readChatStream(await post(token, "still there?"));
    expect(again.messages.at(-1)?.type).toBe("end");
  });

  it("ends the relay as the client leaving does when its response fails, and keeps the partial reply", async () => {
    const { token } = await createUserWithSession(database.db);
    llm.setScript({ chunks: Array.from({ length: 40 }, (_, i) => ` e${i}`), holdAfterChunks: 3 });
    // The same response object the relay writes to (relayReplyTo), to fail it as a socket that breaks would.
    const responses: ServerResponse[] = [];
    const capture = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === "/v1/chat_session/chat") responses.push(res);
    };
    server.server.on("request", capture);
    const controller = new AbortController();
    try {
      const res = await post(token, "long story", controller.signal);
      const reader = res.body!.getReader();
      let seen = "";
      // With its space: a bare "e2" also turns up in the start frame's ids (hex).
      while (!seen.includes(" e2")) seen += new TextDecoder().decode((await reader.read()).value);
      const assistantId = Number(/"message_id":(\d+)/.exec(seen)![1]);
      const call = llm.calls.at(-1)!;
      expect(responses).toHaveLength(1);
      responses[0]!.emit("error", new Error("write EPIPE"));
      await call.aborted;
      llm.release();
      await call.ended;
      await settleActiveReplies(20_000);
      expect(activeReplyCount()).toBe(0);
      const [row] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantId));
      expect(row).toMatchObject({ status: "partial", content: " e0 e1 e2" });
    } finally {
      controller.abort();
      server.server.off("request", capture);
    }
  });

  it("on shutdown lets a reply run until the deadline, then stores it as partial before the database closes", async () => {
    const { deps } = createTestApi(database, { LLM_IDLE_TIMEOUT_MS: "300000" }, undefined, llm);
    const other = createHttpServer(createApi(deps));
    await new Promise<void>((resolve) => other.server.listen(0, "127.0.0.1", resolve));
    const { token } = await createUserWithSession(database.db);
    // The reply cannot end by itself: the model holds after its first piece until the shutdown cuts the stream.
    llm.setScript({ chunks: Array.from({ length: 100 }, (_, i) => ` s${i}`), holdAfterChunks: 1 });
    const res = await fetch(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}/v1/chat_session/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ robot_id: robotId, message: "keep talking" }),
    });
    const reader = res.body!.getReader();
    let seen = "";
    while (!seen.includes(" s0")) seen += new TextDecoder().decode((await reader.read()).value);
    const assistantId = Number(/"message_id":(\d+)/.exec(seen)![1]);
    void reader.read().catch(() => undefined);
    expect(activeReplyCount()).toBeGreaterThan(0);
    await other.shutdown(200);
    await settleActiveReplies(20_000);
    expect(activeReplyCount()).toBe(0);
    expect(llm.calls.at(-1)!.abortedAt).not.toBeNull();
    const [row] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantId));
    expect(row).toMatchObject({ status: "partial", content: " s0" });
  });
});
