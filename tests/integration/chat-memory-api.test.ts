import { and, asc, desc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MEMORY_FACTS_MAX } from "@/lib/contracts/chat-memory-client";
import { chatMemories, chatMessages, chatModels, chatSessions, robots, walletLedger } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { SUMMARIES_PER_PROCESS } from "@/server/modules/chat/memory/memory-limits";
import { invalidateMemoryFrom } from "@/server/modules/chat/memory/memory-store";
import {
  memorySummariesSettled,
  memorySummaryLoad,
  runMemoryJob,
  scheduleMemorySummary,
  type SummaryJob,
} from "@/server/modules/chat/memory/memory-summariser";
import { creditCoins, getBalance } from "@/server/modules/wallet/wallet";
import { createMockProvider, DEFAULT_MOCK_SUMMARY, type MockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./helpers/fixtures";
import { readChatStream } from "./helpers/read-chat-stream";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/** A model whose window holds a handful of the long messages below; each reply costs a coin. */
const TINY = { key: "memory-tiny", contextTokens: 1400, maxReplyTokens: 100 };

/** About 125 tokens, numbered so that each turn can be told apart. */
const longMessage = (n: number) => `Message ${n}: ${"we walked along the old harbour wall ".repeat(13)}`;

describe.each(testDrivers())("chat memory on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let llm: MockProvider;
  let robotId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    llm = createMockProvider();
    api = createTestApi(database, { CHAT_MESSAGES_PER_MINUTE: "1000" }, undefined, llm);
    const [r] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    robotId = r!.id;
    await database.db.insert(chatModels).values({
      key: TINY.key,
      name: "Tiny",
      providerModel: "tiny-model",
      coinCost: 1,
      contextTokens: TINY.contextTokens,
      maxReplyTokens: TINY.maxReplyTokens,
      sort: 99,
    });
  });
  afterAll(async () => database?.close());
  beforeEach(() => llm.setScript({}));

  const signIn = async (name = "Mira") => {
    const { user, token } = await createUserWithSession(database.db, name);
    return { user, auth: { authorization: `Bearer ${token}` } };
  };
  const send = async (auth: Record<string, string>, message: string) => {
    const stream = await readChatStream(
      await api.post("/v1/chat_session/chat", { robot_id: robotId, message, model: TINY.key }, auth),
    );
    expect(stream.messages.at(-1)?.type).toBe("end");
    // The summary starts after the reply has ended; wait for it, not for time.
    await memorySummariesSettled();
  };
  const memory = async (auth: Record<string, string>, query = `robot_id=${robotId}`) => {
    const res = await api.request(`/v1/chat_session/memory?${query}`, { headers: auth });
    return { status: res.status, body: await res.json() };
  };
  const post = async (auth: Record<string, string>, path: string, body: Record<string, unknown>) => {
    const res = await api.post(`/v1/chat_session/memory/${path}`, { robot_id: robotId, ...body }, auth);
    return { status: res.status, body: await res.json() };
  };
  const chatDeps = () => ({
    db: database.db,
    llm,
    store: api.deps.store,
    config: api.deps.config,
    logger: api.deps.logger,
  });
  const sessionOf = async (userId: string) => {
    const [s] = await database.db.select().from(chatSessions).where(eq(chatSessions.userId, userId));
    return s!.id;
  };
  const memoryRow = async (sessionId: string) => {
    const [row] = await database.db.select().from(chatMemories).where(eq(chatMemories.sessionId, sessionId));
    return row;
  };

  it("summarises each turn that leaves the window once, in the background, charged to nobody", async () => {
    const { user, auth } = await signIn();
    await creditCoins(database.db, user.id, 50, "test", `memory-${user.id}`);
    const sends = 9;
    for (let n = 1; n <= sends; n += 1) {
      llm.setScript({ chunks: [`Reply ${n}.`] });
      await send(auth, longMessage(n));
    }

    const sessionId = await sessionOf(user.id);
    const messages = await database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(asc(chatMessages.id));
    // The last reply's prompt: its oldest message marks the window; everything before it has left.
    const lastPrompt = llm.calls.at(-1)!.request;
    const oldestKept = messages.findIndex((m) => m.content === lastPrompt.messages[0]!.content);
    expect(oldestKept).toBeGreaterThan(0);

    const summarised = llm.summaries.flatMap((s) => s.demo.turns.map((t) => t.content));
    // several runs, one after each reply that pushed turns out
    expect(llm.summaries.length).toBeGreaterThan(1);
    expect(new Set(summarised).size).toBe(summarised.length);
    expect(summarised).toEqual(messages.slice(0, oldestKept).map((m) => m.content));
    // The chat's own model, the summary before as the base of the next one
    expect(llm.summaries.every((s) => s.model === "tiny-model")).toBe(true);
    expect(llm.summaries.at(-1)!.demo.previousSummary).toBe(llm.summaries.length > 1 ? DEFAULT_MOCK_SUMMARY : "");

    const row = await memoryRow(sessionId);
    expect(row).toMatchObject({ summary: DEFAULT_MOCK_SUMMARY, lastMessageId: messages[oldestKept - 1]!.id });
    expect(row!.summarisingSince).toBeNull();
    // The memory was in the last reply's prompt
    expect(lastPrompt.system).toContain(`Summary of earlier turns:\n${DEFAULT_MOCK_SUMMARY}`);

    // Not metered: one coin per reply, and nothing else in the user's ledger
    expect(await getBalance(database.db, user.id)).toBe(50 - sends);
    const ledger = await database.db.select().from(walletLedger).where(eq(walletLedger.userId, user.id));
    expect(ledger).toHaveLength(1 + sends);

    // Running again finds nothing new to summarise
    const before = llm.summaries.length;
    const job: SummaryJob = {
      sessionId,
      before: messages[oldestKept]!.id,
      model: { key: TINY.key, providerModel: "tiny-model", contextTokens: TINY.contextTokens },
      characterName: "Aria",
      userName: "Mira",
    };
    expect(await runMemoryJob(chatDeps(), job)).toBe("nothing");
    expect(llm.summaries.length).toBe(before);
  });

  it("lets one summariser at a time work on a chat, and redoes a summary the user edited meanwhile", async () => {
    const { user, auth } = await signIn();
    await creditCoins(database.db, user.id, 50, "test", `memory-${user.id}`);
    for (let n = 1; n <= 4; n += 1) await send(auth, longMessage(n));
    const sessionId = await sessionOf(user.id);
    const rows = await database.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(asc(chatMessages.id));
    await database.db
      .insert(chatMemories)
      .values({ sessionId, summariseBefore: rows.at(-1)!.id })
      .onConflictDoUpdate({ target: chatMemories.sessionId, set: { summariseBefore: rows.at(-1)!.id } });

    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    llm.setScript({ summaryGate: gate, summary: "Second summary." });
    const deps = chatDeps();
    const job: SummaryJob = {
      sessionId,
      before: rows.at(-1)!.id,
      // a window wide enough for one batch
      model: { key: TINY.key, providerModel: "tiny-model", contextTokens: 8192 },
      characterName: "Aria",
      userName: "Mira",
    };
    const summariesBefore = llm.summaries.length;
    const first = runMemoryJob(deps, job);
    // Like a second process: the row is held, so it does nothing
    while (llm.summaries.length === summariesBefore) await new Promise((r) => setImmediate(r));
    expect(await runMemoryJob(deps, job)).toBe("nothing");
    expect((await memory(auth)).body.data.summarising).toBe(true);

    // The user edits the memory while the summary is being written: the batch is done again from the edit
    expect((await post(auth, "update", { summary: "Edited by the user." })).status).toBe(200);
    open();
    expect(await first).toBe("summarised");
    const requests = llm.summaries.slice(summariesBefore);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.demo.previousSummary).toBe("Edited by the user.");
    expect(requests[1]!.demo.turns).toEqual(requests[0]!.demo.turns);
    const row = await memoryRow(sessionId);
    expect(row).toMatchObject({ summary: "Second summary.", lastMessageId: rows.at(-2)!.id, summariser: null });
  });

  it("writes at most SUMMARIES_PER_PROCESS summaries at once; the others wait their turn", async () => {
    const chats = [];
    for (let i = 0; i < SUMMARIES_PER_PROCESS + 1; i += 1) {
      const { user, auth } = await signIn();
      await creditCoins(database.db, user.id, 5, "test", `memory-${user.id}`);
      await send(auth, "Hello there");
      const sessionId = await sessionOf(user.id);
      const [last] = await database.db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, sessionId))
        .orderBy(desc(chatMessages.id))
        .limit(1);
      chats.push({ sessionId, before: last!.id });
    }
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    llm.setScript({ summaryGate: gate });
    const asked = llm.summaries.length;
    for (const chat of chats) {
      scheduleMemorySummary(chatDeps(), {
        ...chat,
        model: { key: TINY.key, providerModel: "tiny-model", contextTokens: 8192 },
        characterName: "Aria",
        userName: "Mira",
      });
    }
    while (memorySummaryLoad().waiting < 1 || llm.summaries.length < asked + SUMMARIES_PER_PROCESS) {
      await new Promise((r) => setImmediate(r));
    }
    expect(memorySummaryLoad()).toEqual({ running: SUMMARIES_PER_PROCESS, waiting: 1 });
    expect(llm.summaries.length).toBe(asked + SUMMARIES_PER_PROCESS);
    open();
    await memorySummariesSettled();
    expect(llm.summaries.length).toBe(asked + SUMMARIES_PER_PROCESS + 1);
    expect(memorySummaryLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it("forgets a summary whose turns were edited or deleted, but keeps the pinned facts", async () => {
    const { user, auth } = await signIn();
    await creditCoins(database.db, user.id, 5, "test", `memory-${user.id}`);
    await send(auth, "Hello there");
    const sessionId = await sessionOf(user.id);
    await post(auth, "pin", { fact: "Mira likes tea" });
    await database.db
      .update(chatMemories)
      .set({ summary: "Old story.", lastMessageId: 500 })
      .where(eq(chatMemories.sessionId, sessionId));
    await invalidateMemoryFrom(database.db, sessionId, 501);
    expect(await memoryRow(sessionId)).toMatchObject({ summary: "Old story.", lastMessageId: 500 });
    await invalidateMemoryFrom(database.db, sessionId, 480);
    expect(await memoryRow(sessionId)).toMatchObject({ summary: "", lastMessageId: null, facts: ["Mira likes tea"] });
  });

  it("an edited reply or a deletion in the summarised part empties the summary, facts stay", async () => {
    const { user, auth } = await signIn();
    await creditCoins(database.db, user.id, 50, "test", `memory-${user.id}`);
    for (let n = 1; n <= 9; n += 1) await send(auth, longMessage(n));
    const sessionId = await sessionOf(user.id);
    await post(auth, "pin", { fact: "Mira likes tea" });
    const summarised = await memoryRow(sessionId);
    expect(summarised!.summary).not.toBe("");
    const [firstReply] = await database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.role, "assistant")))
      .orderBy(asc(chatMessages.id))
      .limit(1);
    expect(firstReply!.id).toBeLessThanOrEqual(summarised!.lastMessageId!);

    const edit = await api.post("/v1/chat_session/edit", { message_id: firstReply!.id, content: "Changed." }, auth);
    expect(edit.status).toBe(200);
    expect(await memoryRow(sessionId)).toMatchObject({ summary: "", lastMessageId: null, facts: ["Mira likes tea"] });

    await database.db
      .update(chatMemories)
      .set({ summary: "Old story.", lastMessageId: summarised!.lastMessageId })
      .where(eq(chatMemories.sessionId, sessionId));
    const del = await api.post(
      "/v1/chat_session/delete_messages",
      { message_id: firstReply!.id, scope: "message" },
      auth,
    );
    expect(del.status).toBe(200);
    expect(await memoryRow(sessionId)).toMatchObject({ summary: "", lastMessageId: null });
  });

  it("logs a failure, backs off, and tries again later", async () => {
    const { user, auth } = await signIn();
    await creditCoins(database.db, user.id, 50, "test", `memory-${user.id}`);
    llm.setScript({ summaryFails: true });
    for (let n = 1; n <= 9; n += 1) await send(auth, longMessage(n));
    const sessionId = await sessionOf(user.id);
    const failed = await memoryRow(sessionId);
    expect(failed).toMatchObject({ summary: "", lastMessageId: null, failures: 1, summarisingSince: null });
    expect(failed!.retryAt!.getTime()).toBeGreaterThan(Date.now());
    // During the back-off, later replies do not ask again
    const asked = llm.summaries.length;
    await send(auth, longMessage(10));
    expect(llm.summaries.length).toBe(asked);

    llm.setScript({});
    await database.db.update(chatMemories).set({ retryAt: new Date(Date.now() - 1000) });
    await send(auth, longMessage(11));
    const row = await memoryRow(sessionId);
    expect(row).toMatchObject({ summary: DEFAULT_MOCK_SUMMARY, failures: 0, retryAt: null });
    expect(row!.lastMessageId).not.toBeNull();
  });

  it("reads, edits, pins, unpins and clears a chat's memory", async () => {
    const { user, auth } = await signIn();
    const empty = await memory(auth);
    expect(empty).toMatchObject({ status: 200, body: { code: 0, data: { session_id: null, summary: "", facts: [] } } });
    expect((await post(auth, "pin", { fact: "Sam likes tea" })).status).toBe(404);

    await creditCoins(database.db, user.id, 5, "test", `memory-${user.id}`);
    await send(auth, "Hello there");
    const sessionId = await sessionOf(user.id);
    expect((await memory(auth)).body.data).toEqual({
      session_id: sessionId,
      summary: "",
      facts: [],
      summarised_through: null,
      summarising: false,
      updated_at: null,
    });

    const edited = await post(auth, "update", { summary: "  Mira met Aria at the café.  " });
    expect(edited.body.data).toMatchObject({ session_id: sessionId, summary: "Mira met Aria at the café." });
    expect(edited.body.data.updated_at).toEqual(expect.any(String));
    await post(auth, "pin", { fact: "Mira likes tea" });
    await post(auth, "pin", { fact: "Mira has a cat", session_id: sessionId });
    const twice = await post(auth, "pin", { fact: "Mira likes tea" });
    expect(twice.body.data.facts).toEqual(["Mira likes tea", "Mira has a cat"]);
    const unpinned = await post(auth, "unpin", { fact: "Mira likes tea" });
    expect(unpinned.body.data.facts).toEqual(["Mira has a cat"]);

    // Pinned facts go into the next reply's prompt
    await send(auth, "What do you remember?");
    expect(llm.calls.at(-1)!.request.system).toContain("- Mira has a cat");
    expect(llm.calls.at(-1)!.request.system).toContain("Mira met Aria at the café.");

    for (let i = 1; i < MEMORY_FACTS_MAX; i += 1) await post(auth, "pin", { fact: `Fact ${i}` });
    const full = await post(auth, "pin", { fact: "One too many" });
    expect(full).toMatchObject({ status: 400, body: { code: 400, data: null } });
    expect(full.body.msg).toContain(`at most ${MEMORY_FACTS_MAX} facts`);

    const cleared = await post(auth, "clear", {});
    expect(cleared.body.data).toMatchObject({ summary: "", facts: [] });
    expect((await memory(auth, `robot_id=${robotId}&session_id=${sessionId}`)).body.data.summary).toBe("");
  });

  it("refuses bad input with a message naming the field", async () => {
    const { user, auth } = await signIn();
    await creditCoins(database.db, user.id, 5, "test", `memory-${user.id}`);
    await send(auth, "Hello there");
    const empty = await post(auth, "pin", { fact: "   " });
    expect(empty).toMatchObject({ status: 400 });
    expect(empty.body.msg).toContain("Write the fact to remember");
    const long = await post(auth, "update", { summary: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain("at most 2000 characters");
    expect((await post(auth, "clear", { session_id: "not-a-uuid" })).status).toBe(400);
    expect((await memory(auth, "robot_id=abc")).status).toBe(400);
  });

  it("answers 401 signed out and 404 for another user's chat", async () => {
    const owner = await signIn("Owner");
    await creditCoins(database.db, owner.user.id, 5, "test", `memory-${owner.user.id}`);
    await send(owner.auth, "Hello there");
    await post(owner.auth, "update", { summary: "Private memory." });
    const sessionId = await sessionOf(owner.user.id);

    expect((await api.request(`/v1/chat_session/memory?robot_id=${robotId}`)).status).toBe(401);
    expect((await api.post("/v1/chat_session/memory/clear", { robot_id: robotId })).status).toBe(401);

    const other = await signIn("Other");
    const query = `robot_id=${robotId}&session_id=${sessionId}`;
    expect(await memory(other.auth, query)).toMatchObject({ status: 404, body: { code: 404, msg: "Chat not found" } });
    for (const [path, body] of [
      ["update", { summary: "mine now" }],
      ["pin", { fact: "x" }],
      ["unpin", { fact: "x" }],
      ["clear", {}],
    ] as const) {
      expect((await post(other.auth, path, { ...body, session_id: sessionId })).status, path).toBe(404);
    }
    // The owner's chat named with another character is not found either
    const [otherRobot] = await database.db
      .select({ id: robots.id })
      .from(robots)
      .where(and(eq(robots.nsfw, false), ne(robots.id, robotId)))
      .limit(1);
    const mismatched = await memory(owner.auth, `robot_id=${otherRobot!.id}&session_id=${sessionId}`);
    expect(mismatched.status).toBe(404);
    const row = await memoryRow(sessionId);
    expect(row).toMatchObject({ summary: "Private memory.", facts: [] });
  });

  it("goes with its chat", async () => {
    const { user, auth } = await signIn();
    await creditCoins(database.db, user.id, 5, "test", `memory-${user.id}`);
    await send(auth, "Hello there");
    await post(auth, "update", { summary: "Soon gone." });
    const sessionId = await sessionOf(user.id);
    await database.db.delete(chatSessions).where(eq(chatSessions.id, sessionId));
    expect(await memoryRow(sessionId)).toBeUndefined();
  });
});
