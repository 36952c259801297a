import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHAT_CODES } from "@/lib/contracts/chat";
import { chatMessages, chatModels, chatSessions, robots, walletLedger } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { activeReplyCount, settleActiveReplies } from "@/server/modules/chat/active-replies";
import { flushChatCounts } from "@/server/modules/chat/chat-count-tally";
import { settleInterruptedReplies } from "@/server/modules/chat/interrupted-replies";
import { creditCoins, getBalance } from "@/server/modules/wallet/wallet";
import { createMockProvider, type MockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./helpers/fixtures";
import { readChatStream, textOf } from "./helpers/read-chat-stream";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const ENV = { CHAT_FREE_REPLIES_PER_DAY: "3", LLM_FIRST_TOKEN_TIMEOUT_MS: "300", LLM_IDLE_TIMEOUT_MS: "300" };

/** Every reply relayed so far has written its final row (the cap only bounds a failing test). */
async function repliesSettled(): Promise<void> {
  await settleActiveReplies(20_000);
  expect(activeReplyCount()).toBe(0);
}

describe.each(testDrivers())("chat API on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let llm: MockProvider;
  let robotId: number;
  let robotKey: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    llm = createMockProvider();
    api = createTestApi(database, ENV, undefined, llm);
    const [r] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    robotId = r!.id;
    robotKey = r!.key;
  });
  afterAll(async () => database?.close());
  beforeEach(() => llm.setScript({}));

  const signIn = async () => {
    const { user, token } = await createUserWithSession(database.db, "Mira");
    return { user, auth: { authorization: `Bearer ${token}` } };
  };
  const send = (auth: Record<string, string>, body: Record<string, unknown>) =>
    api.post("/v1/chat_session/chat", body, auth);
  const data = async (res: Response) => (await res.json()).data;

  it("needs a signed-in user for chat, history, set_model, recent_list and wallet", async () => {
    expect((await send({}, { robot_id: robotId, message: "hi" })).status).toBe(401);
    expect((await api.post("/v1/chat_session/history", { robot_id: robotId })).status).toBe(401);
    expect((await api.post("/v1/chat_session/set_model", { robot_id: robotId, model: "standard" })).status).toBe(401);
    expect((await api.request("/v1/chat_session/recent_list")).status).toBe(401);
    expect((await api.request("/v1/buy_coin/wallet")).status).toBe(401);
  });

  it("refuses a sign-out's token and a garbled one with 401, and asks no model", async () => {
    const { auth } = await signIn();
    expect((await api.post("/v1/user/logout", {}, auth)).status).toBe(200);
    const calls = llm.calls.length;
    const res = await send(auth, { robot_id: robotId, message: "hi" });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 401, msg: "Authentication expired" });
    expect((await send({ authorization: "Bearer not a token" }, { robot_id: robotId, message: "hi" })).status).toBe(
      401,
    );
    expect(llm.calls.length).toBe(calls);
  });

  it("streams start, deltas and end, stores both messages, and counts the chat once", async () => {
    const { auth } = await signIn();
    await flushChatCounts(database.db); // the chats of the tests before, if any
    const [before] = await database.db.select({ n: robots.chatCount }).from(robots).where(eq(robots.id, robotId));
    const res = await send(auth, { robot_id: robotId, message: "  Hello there  " });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    expect(res.headers.get("content-encoding")).toBeNull();
    const stream = await readChatStream(res);
    expect(stream.closed).toBe(true);
    const types = stream.messages.map((m) => m.type);
    expect(types[0]).toBe("start");
    expect(types.at(-1)).toBe("end");
    expect(types.filter((t) => t === "delta")).toHaveLength(5);
    expect(textOf(stream)).toBe("Hello from the mock model.");
    const start = stream.messages[0]!;
    expect(start).toMatchObject({
      model: "standard",
      user_message: { role: "user", content: "Hello there", status: "complete" },
    });
    const end = stream.messages.at(-1)!;
    expect(end).toMatchObject({
      message: { id: start.message_id, role: "assistant", content: "Hello from the mock model.", status: "complete" },
      coins_spent: 0,
      balance: 0,
      free_replies_left: 2,
    });
    expect((end.usage as { completion_tokens: number }).completion_tokens).toBe(5);

    const history = await data(await api.post("/v1/chat_session/history", { robot_id: robotId }, auth));
    expect(history.list.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ["user", "Hello there"],
      ["assistant", "Hello from the mock model."],
    ]);
    await readChatStream(await send(auth, { robot_id: robotId, message: "Again" }));
    // Counted by the tally, written once a second (chat-count-tally.ts): written now.
    await flushChatCounts(database.db);
    const [after] = await database.db.select({ n: robots.chatCount }).from(robots).where(eq(robots.id, robotId));
    expect(after!.n).toBe(before!.n + 1);
  });

  it("sends the character, the history and the new message to the model", async () => {
    const { auth } = await signIn();
    await readChatStream(await send(auth, { robot_id: robotId, message: "First question" }));
    await readChatStream(await send(auth, { robot_id: robotId, message: "Second question" }));
    const request = llm.calls.at(-1)!.request;
    const [r] = await database.db.select().from(robots).where(eq(robots.id, robotId));
    expect(request.system).toContain(r!.name);
    expect(request.messages.at(-1)).toEqual({ role: "user", content: "Second question" });
    expect(request.messages.map((m) => m.content)).toContain("First question");
    expect(request.demo).toMatchObject({ characterName: r!.name, userName: "Mira", userMessage: "Second question" });
  });

  it("refuses bad input with a 400 naming the field, unknown characters with 404 and unknown models with 40011", async () => {
    const { auth } = await signIn();
    const empty = await send(auth, { robot_id: robotId, message: "   " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).msg).toContain("message");
    expect((await send(auth, { robot_id: robotId, message: "x".repeat(4001) })).status).toBe(400);
    expect((await send(auth, { robot_id: 99_999_999, message: "hi" })).status).toBe(404);
    const badModel = await send(auth, { robot_id: robotId, message: "hi", model: "gpt-99" });
    expect(badModel.status).toBe(400);
    expect((await badModel.json()).code).toBe(CHAT_CODES.MODEL_UNAVAILABLE);
  });

  it("allows one reply at a time per chat", async () => {
    const { auth } = await signIn();
    // The first reply stays open (the model holds after "a") until the second request has been answered.
    llm.setScript({ chunks: ["a", "b", "c"], holdAfterChunks: 1 });
    const first = await send(auth, { robot_id: robotId, message: "one" });
    const second = await send(auth, { robot_id: robotId, message: "two" });
    expect(second.status).toBe(409);
    expect((await second.json()).code).toBe(CHAT_CODES.REPLY_IN_PROGRESS);
    llm.release();
    expect(textOf(await readChatStream(first))).toBe("abc");
    const third = await send(auth, { robot_id: robotId, message: "three" });
    expect(third.status).toBe(200);
    await readChatStream(third);
  });

  it("aborts the model when the client leaves, keeps the partial reply and charges it", async () => {
    const { auth, user } = await signIn();
    // The model holds after two pieces, and no idle timeout can end the reply meanwhile: only the client's leaving
    // can abort it.
    const patient = createTestApi(database, { ...ENV, LLM_IDLE_TIMEOUT_MS: "300000" }, undefined, llm);
    llm.setScript({ chunks: ["Once", " upon", " a", " time", " there", " was"], holdAfterChunks: 2 });
    const res = await patient.post("/v1/chat_session/chat", { robot_id: robotId, message: "Tell me a story" }, auth);
    let deltas = 0;
    const stream = await readChatStream(res, (m) => m.type === "delta" && ++deltas === 2);
    const call = llm.calls.at(-1)!;
    await call.aborted;
    // A model that had not been aborted would go on now; this one stops where the client left.
    llm.release();
    await call.ended;
    await repliesSettled();
    expect(call.chunksSent).toBe(deltas);
    const assistantId = Number(stream.messages[0]!.message_id);
    const [row] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantId));
    expect(row).toMatchObject({ status: "partial", content: "Once upon" });
    const wallet = await data(await api.request("/v1/buy_coin/wallet", { headers: auth }));
    expect(wallet.free_replies_left).toBe(2);
    // the lease is free again
    llm.setScript({});
    await readChatStream(await send(auth, { robot_id: robotId, message: "Go on" }));
    expect(await getBalance(database.db, user.id)).toBe(0);
  });

  it("does not refund or overwrite a reply the interrupted-reply sweeper settled while it streamed", async () => {
    const { auth } = await signIn();
    const freeLeft = async () =>
      (await data(await api.request("/v1/buy_coin/wallet", { headers: auth }))).free_replies_left;
    await readChatStream(await send(auth, { robot_id: robotId, message: "first" }));
    llm.setScript({ chunks: [], hang: true });
    const res = await send(auth, { robot_id: robotId, message: "second" });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const messageId = Number(/"message_id":(\d+)/.exec(first)![1]);
    expect(await freeLeft()).toBe(1);
    // as if this process had been given up for dead: every streaming row counts as interrupted
    expect(await settleInterruptedReplies(database.db, { olderThanMs: -60_000 })).toBe(1);
    expect(await freeLeft()).toBe(2);
    // the client leaves; the relay ends a reply that is no longer its own, and gives nothing back a second time
    await reader.cancel();
    await llm.calls.at(-1)!.aborted;
    await repliesSettled();
    const [row] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    expect(row).toMatchObject({ status: "failed", content: "" });
    expect(await freeLeft()).toBe(2);
  });

  it("tells a client still reading that a reply the sweeper settled has failed", async () => {
    const { auth } = await signIn();
    llm.setScript({ chunks: [], hang: true });
    const res = await send(auth, { robot_id: robotId, message: "anyone there?" });
    const reader = res.body!.getReader();
    await reader.read();
    expect(await settleInterruptedReplies(database.db, { olderThanMs: -60_000 })).toBe(1);
    const rest = await readChatStream(
      new Response(
        new ReadableStream({
          pull: async (c) => {
            const { value, done } = await reader.read();
            if (done) c.close();
            else c.enqueue(value);
          },
        }),
      ),
    );
    // the first-token timeout ends the relay, which finds the reply already failed and refunded
    expect(rest.messages.at(-1)).toMatchObject({
      type: "error",
      error: { code: CHAT_CODES.UPSTREAM_FAILED },
      message: { status: "failed", content: "" },
      coins_refunded: false,
    });
    expect(rest.closed).toBe(true);
    expect((await data(await api.request("/v1/buy_coin/wallet", { headers: auth }))).free_replies_left).toBe(3);
  });

  it("ends with an error, marks the reply failed and refunds it when the model fails before any text", async () => {
    const { auth } = await signIn();
    llm.setScript({ failAfterChunks: 0 });
    const stream = await readChatStream(await send(auth, { robot_id: robotId, message: "hi" }));
    const last = stream.messages.at(-1)!;
    expect(stream.closed).toBe(true);
    expect(last).toMatchObject({
      type: "error",
      error: { code: CHAT_CODES.UPSTREAM_FAILED },
      message: { status: "failed", content: "" },
    });
    const wallet = await data(await api.request("/v1/buy_coin/wallet", { headers: auth }));
    expect(wallet.free_replies_left).toBe(3);
  });

  it("keeps the text that came before a mid-stream failure as partial", async () => {
    const { auth } = await signIn();
    llm.setScript({ chunks: ["It", " was", " a"], malformedAfterChunks: 2 });
    const stream = await readChatStream(await send(auth, { robot_id: robotId, message: "hi" }));
    expect(textOf(stream)).toBe("It was");
    expect(stream.messages.at(-1)).toMatchObject({
      type: "error",
      message: { status: "partial", content: "It was" },
      coins_refunded: false,
    });
  });

  it("fails a reply whose first text does not come in time, and one that goes silent", async () => {
    const { auth } = await signIn();
    llm.setScript({ hang: true });
    const stream = await readChatStream(await send(auth, { robot_id: robotId, message: "hi" }));
    expect(stream.messages.at(-1)).toMatchObject({
      type: "error",
      error: { code: CHAT_CODES.UPSTREAM_TIMEOUT },
      message: { status: "failed" },
    });
    expect(llm.calls.at(-1)!.abortedAt).not.toBeNull();
    llm.setScript({ chunks: ["Hm", "m"], hangAfterChunks: 1 });
    const silent = await readChatStream(await send(auth, { robot_id: robotId, message: "hi" }));
    expect(silent.messages.at(-1)).toMatchObject({
      type: "error",
      error: { code: CHAT_CODES.UPSTREAM_TIMEOUT },
      message: { status: "partial", content: "Hm" },
    });
  });

  it("refuses before streaming once the daily allowance is used, storing nothing", async () => {
    const { auth, user } = await signIn();
    for (let i = 0; i < 3; i++) await readChatStream(await send(auth, { robot_id: robotId, message: `m${i}` }));
    const refused = await send(auth, { robot_id: robotId, message: "one more" });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({
      code: CHAT_CODES.ALLOWANCE_EXHAUSTED,
      msg: "You've used today's free replies.",
      data: { free_replies_per_day: 3 },
    });
    const [session] = await database.db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.userId, user.id), eq(chatSessions.robotId, robotId)));
    const stored = await database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session!.id));
    expect(stored.map((m) => m.content)).not.toContain("one more");
    const models = await data(await api.request(`/v1/chat_session/model?robot_key=${robotKey}`, { headers: auth }));
    expect(models.list.find((m: { key: string }) => m.key === "standard")).toMatchObject({
      available: false,
      reason: "Today's free replies are used up",
    });
  });

  it("charges premium replies in coins, refuses without enough, and halves the cost with a subscription", async () => {
    const { auth, user } = await signIn();
    const callsBefore = llm.calls.length;
    const poor = await send(auth, { robot_id: robotId, message: "hi", model: "premium" });
    expect(poor.status).toBe(402);
    expect(await poor.json()).toMatchObject({
      code: CHAT_CODES.INSUFFICIENT_COINS,
      data: { balance: 0, coin_cost: 2 },
    });
    // refused before the model was asked, and a refused first message leaves no empty chat behind
    expect(llm.calls.length).toBe(callsBefore);
    expect(await database.db.select().from(chatSessions).where(eq(chatSessions.userId, user.id))).toEqual([]);
    await creditCoins(database.db, user.id, 5, "test", `t-${user.id}`);
    const paid = await readChatStream(await send(auth, { robot_id: robotId, message: "hi", model: "premium" }));
    expect(paid.messages.at(-1)).toMatchObject({
      type: "end",
      coins_spent: 2,
      balance: 3,
      message: { model: "premium", coins_spent: 2 },
    });
    const ledger = await database.db.select().from(walletLedger).where(eq(walletLedger.userId, user.id));
    expect(ledger.map((l) => l.delta).sort()).toEqual([-2, 5]);
    expect(ledger.find((l) => l.delta === -2)!.reference).toBe(
      `chat-reply:${(paid.messages.at(-1)!.message as { id: number }).id}`,
    );
    // the session remembers the model
    const models = await data(await api.request(`/v1/chat_session/model?robot_key=${robotKey}`, { headers: auth }));
    expect(models.current).toBe("premium");

    await database.db.execute(
      sql`insert into subscription_products (product_id, name, price_text, money, period_days, unlimited_standard, premium_coin_percent) values ('t-plan', 'T', '$1', 100, 30, true, 50) on conflict do nothing`,
    );
    await database.db.execute(
      sql`insert into subscriptions (user_id, product_id, status, current_period_end, provider) values (${user.id}, 't-plan', 1, now() + interval '1 day', 'sandbox')`,
    );
    const half = await readChatStream(await send(auth, { robot_id: robotId, message: "hi", model: "premium" }));
    expect(half.messages.at(-1)).toMatchObject({ coins_spent: 1, balance: 2, free_replies_left: null });
    const wallet = await data(await api.request("/v1/buy_coin/wallet", { headers: auth }));
    expect(wallet).toEqual({
      wallet_info: { buy_coin: 2 },
      free_replies_left: null,
      free_replies_per_day: 3,
      subscribed: true,
    });
  });

  it("refunds coins when a paid reply fails before any text", async () => {
    const { auth, user } = await signIn();
    await creditCoins(database.db, user.id, 2, "test", `t-${user.id}`);
    llm.setScript({ failAfterChunks: 0 });
    const stream = await readChatStream(await send(auth, { robot_id: robotId, message: "hi", model: "premium" }));
    expect(stream.messages.at(-1)).toMatchObject({ type: "error", coins_refunded: true, balance: 2 });
    expect(await getBalance(database.db, user.id)).toBe(2);
  });

  it("lets exactly 100 of 200 concurrent 1-coin replies through a balance of 100", async () => {
    const { auth, user } = await signIn();
    const burst = createTestApi(
      database,
      {
        ...ENV,
        CHAT_MAX_STREAMS_PER_USER: "200",
        CHAT_MESSAGES_PER_MINUTE: "1000",
        LLM_FIRST_TOKEN_TIMEOUT_MS: "20000",
      },
      undefined,
      llm,
    );
    await database.db.update(chatModels).set({ coinCost: 1 }).where(eq(chatModels.key, "premium"));
    const ids = await database.db
      .insert(robots)
      .values(
        Array.from({ length: 200 }, (_, i) => ({ key: `burst-${driver}-${i}`, name: `Burst ${i}`, greeting: "Hi" })),
      )
      .returning({ id: robots.id });
    await creditCoins(database.db, user.id, 100, "test", `t-${user.id}`);
    const callsBefore = llm.calls.length;
    // No model writes a word before every request has been answered, so no refused reply can finish before its
    // request is aborted.
    llm.setScript({ chunks: ["paid"], holdAfterChunks: 0 });
    try {
      const responses = await Promise.all(
        ids.map(({ id }) =>
          burst.post("/v1/chat_session/chat", { robot_id: id, message: "hi", model: "premium" }, auth),
        ),
      );
      llm.release();
      const ok = responses.filter((r) => r.status === 200);
      const refused = responses.filter((r) => r.status === 402);
      expect(ok).toHaveLength(100);
      expect(refused).toHaveLength(100);
      const ends = await Promise.all(ok.map((r) => readChatStream(r)));
      expect(ends.every((s) => s.messages.at(-1)?.type === "end")).toBe(true);
      for (const r of refused) expect((await r.json()).code).toBe(CHAT_CODES.INSUFFICIENT_COINS);
      expect(await getBalance(database.db, user.id)).toBe(0);
      const [sum] = await database.db
        .select({
          total: sql<number>`sum(${walletLedger.delta})::int`,
          spends: sql<number>`count(*) filter (where ${walletLedger.delta} < 0)::int`,
        })
        .from(walletLedger)
        .where(eq(walletLedger.userId, user.id));
      expect(sum).toEqual({ total: 0, spends: 100 });
      // The model is asked while the charge runs, so refused replies may have asked it: each such request was
      // aborted, and the 100 paid replies were not.
      const paid = new Set(ids.map((_, i) => `Burst ${i}`).filter((_, i) => responses[i]!.status === 200));
      const calls = llm.calls.slice(callsBefore);
      expect(calls.filter((c) => paid.has(c.request.demo.characterName)).map((c) => c.abortedAt)).toEqual(
        Array(100).fill(null),
      );
      expect(calls.filter((c) => !paid.has(c.request.demo.characterName)).every((c) => c.abortedAt !== null)).toBe(
        true,
      );
      const sessions = await database.db
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(eq(chatSessions.userId, user.id));
      expect(sessions).toHaveLength(100);
    } finally {
      await database.db.update(chatModels).set({ coinCost: 2 }).where(eq(chatModels.key, "premium"));
    }
  });

  it("limits messages per minute and open streams per user", async () => {
    const { auth } = await signIn();
    const strict = createTestApi(
      database,
      { ...ENV, CHAT_MESSAGES_PER_MINUTE: "2", CHAT_MAX_STREAMS_PER_USER: "1" },
      undefined,
      llm,
    );
    llm.setScript({ chunks: ["a", "b"], holdAfterChunks: 1 });
    const [r1, r2] = await database.db.select({ id: robots.id }).from(robots).where(eq(robots.nsfw, false)).limit(2);
    const first = await strict.post("/v1/chat_session/chat", { robot_id: r1!.id, message: "hi" }, auth);
    const busy = await strict.post("/v1/chat_session/chat", { robot_id: r2!.id, message: "hi" }, auth);
    expect(busy.status).toBe(429);
    expect((await busy.json()).code).toBe(CHAT_CODES.TOO_MANY_STREAMS);
    llm.release();
    await readChatStream(first);
    const third = await strict.post("/v1/chat_session/chat", { robot_id: r2!.id, message: "hi" }, auth);
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({
      code: CHAT_CODES.TOO_MANY_MESSAGES,
      data: { retry_after: expect.any(Number) },
    });
  });

  it("pages history by cursor, oldest first within a page", async () => {
    const { auth } = await signIn();
    for (let i = 0; i < 3; i++) await readChatStream(await send(auth, { robot_id: robotId, message: `q${i}` }));
    const page1 = await data(await api.post("/v1/chat_session/history", { robot_id: robotId, limit: 4 }, auth));
    expect(page1.list).toHaveLength(4);
    expect(page1.has_more).toBe(true);
    expect(page1.list[0].content).toBe("q1");
    const page2 = await data(
      await api.post("/v1/chat_session/history", { robot_id: robotId, limit: 4, before: page1.next_before }, auth),
    );
    expect(page2.list.map((m: { content: string }) => m.content)).toEqual(["q0", "Hello from the mock model."]);
    expect(page2.has_more).toBe(false);
    expect(page2.next_before).toBeNull();
    const none = await data(await api.post("/v1/chat_session/history", { robot_id: robotId + 1 }, auth));
    expect(none).toEqual({ session_id: null, list: [], has_more: false, next_before: null, greeting_index: 0 });
  });

  it("lists recent chats newest first and sets the model per chat", async () => {
    const { auth } = await signIn();
    const [a, b] = await database.db
      .select({ id: robots.id, name: robots.name })
      .from(robots)
      .where(eq(robots.nsfw, false))
      .limit(2);
    await readChatStream(await send(auth, { robot_id: a!.id, message: "to a" }));
    await readChatStream(await send(auth, { robot_id: b!.id, message: "to b" }));
    const recent = await data(await api.request("/v1/chat_session/recent_list", { headers: auth }));
    expect(recent.list.map((r: { robot: { id: number } }) => r.robot.id)).toEqual([b!.id, a!.id]);
    expect(recent.list[0]).toMatchObject({ robot: { name: b!.name }, last_message: "Hello from the mock model." });

    expect(
      await data(await api.post("/v1/chat_session/set_model", { robot_id: a!.id, model: "premium" }, auth)),
    ).toEqual({ current: "premium" });
    const bad = await api.post("/v1/chat_session/set_model", { robot_id: a!.id, model: "nope" }, auth);
    expect((await bad.json()).code).toBe(CHAT_CODES.MODEL_UNAVAILABLE);
  });

  it("lists models for visitors with their cost, the default as current", async () => {
    const res = await data(await api.request("/v1/chat_session/model"));
    expect(res.current).toBe("standard");
    expect(
      res.list.map((m: { key: string; coin_cost: number; demo: boolean; available: boolean }) => [
        m.key,
        m.coin_cost,
        m.demo,
        m.available,
      ]),
    ).toEqual([
      ["standard", 0, false, true],
      ["premium", 2, false, true],
    ]);
  });
});
