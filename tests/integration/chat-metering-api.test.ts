import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHAT_CODES } from "@/lib/contracts/chat";
import { chatMessages, chatModels, chatSessions, robots, walletLedger } from "@/server/db/schema";
import { creditCoins, getBalance } from "@/server/modules/wallet/wallet";
import { CHAT_API_ENV as ENV, chatApiWorld } from "./helpers/chat-api-world";
import { readChatStream } from "./helpers/read-chat-stream";
import { createTestApi } from "./helpers/test-api";
import { testDrivers } from "./helpers/test-database";

/** What a reply costs and who may send one: the daily allowance, coins, subscriptions, refunds and rate limits. */
describe.each(testDrivers())("chat metering on %s", (driver) => {
  const { world, signIn, send, data } = chatApiWorld(driver);

  it("refuses before streaming once the daily allowance is used, storing nothing", async () => {
    const { auth, user } = await signIn();
    for (let i = 0; i < 3; i++) await readChatStream(await send(auth, { robot_id: world.robotId, message: `m${i}` }));
    const refused = await send(auth, { robot_id: world.robotId, message: "one more" });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({
      code: CHAT_CODES.ALLOWANCE_EXHAUSTED,
      msg: "You've used today's free replies.",
      data: { free_replies_per_day: 3 },
    });
    const [session] = await world.database.db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.userId, user.id), eq(chatSessions.robotId, world.robotId)));
    const stored = await world.database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session!.id));
    expect(stored.map((m) => m.content)).not.toContain("one more");
    const models = await data(
      await world.api.request(`/v1/chat_session/model?robot_key=${world.robotKey}`, { headers: auth }),
    );
    expect(models.list.find((m: { key: string }) => m.key === "standard")).toMatchObject({
      available: false,
      reason: "Today's free replies are used up",
    });
  });

  it("charges premium replies in coins, refuses without enough, and halves the cost with a subscription", async () => {
    const { auth, user } = await signIn();
    const callsBefore = world.llm.calls.length;
    const poor = await send(auth, { robot_id: world.robotId, message: "hi", model: "premium" });
    expect(poor.status).toBe(402);
    expect(await poor.json()).toMatchObject({
      code: CHAT_CODES.INSUFFICIENT_COINS,
      data: { balance: 0, coin_cost: 2 },
    });
    // refused before the model was asked, and a refused first message leaves no empty chat behind
    expect(world.llm.calls.length).toBe(callsBefore);
    expect(await world.database.db.select().from(chatSessions).where(eq(chatSessions.userId, user.id))).toEqual([]);
    await creditCoins(world.database.db, user.id, 5, "test", `t-${user.id}`);
    const paid = await readChatStream(await send(auth, { robot_id: world.robotId, message: "hi", model: "premium" }));
    expect(paid.messages.at(-1)).toMatchObject({
      type: "end",
      coins_spent: 2,
      balance: 3,
      message: { model: "premium", coins_spent: 2 },
    });
    const ledger = await world.database.db.select().from(walletLedger).where(eq(walletLedger.userId, user.id));
    expect(ledger.map((l) => l.delta).sort()).toEqual([-2, 5]);
    expect(ledger.find((l) => l.delta === -2)!.reference).toBe(
      `chat-reply:${(paid.messages.at(-1)!.message as { id: number }).id}`,
    );
    // the session remembers the model
    const models = await data(
      await world.api.request(`/v1/chat_session/model?robot_key=${world.robotKey}`, { headers: auth }),
    );
    expect(models.current).toBe("premium");

    await world.database.db.execute(
      sql`insert into subscription_products (product_id, name, price_text, money, period_days, unlimited_standard, premium_coin_percent) values ('t-plan', 'T', '$1', 100, 30, true, 50) on conflict do nothing`,
    );
    await world.database.db.execute(
      sql`insert into subscriptions (user_id, product_id, status, current_period_end, provider) values (${user.id}, 't-plan', 1, now() + interval '1 day', 'sandbox')`,
    );
    const half = await readChatStream(await send(auth, { robot_id: world.robotId, message: "hi", model: "premium" }));
    expect(half.messages.at(-1)).toMatchObject({ coins_spent: 1, balance: 2, free_replies_left: null });
    const wallet = await data(await world.api.request("/v1/buy_coin/wallet", { headers: auth }));
    expect(wallet).toEqual({
      wallet_info: { buy_coin: 2 },
      free_replies_left: null,
      free_replies_per_day: 3,
      subscribed: true,
    });
  });

  it("refunds coins when a paid reply fails before any text", async () => {
    const { auth, user } = await signIn();
    await creditCoins(world.database.db, user.id, 2, "test", `t-${user.id}`);
    world.llm.setScript({ failAfterChunks: 0 });
    const stream = await readChatStream(await send(auth, { robot_id: world.robotId, message: "hi", model: "premium" }));
    expect(stream.messages.at(-1)).toMatchObject({ type: "error", coins_refunded: true, balance: 2 });
    expect(await getBalance(world.database.db, user.id)).toBe(2);
  });

  it("lets exactly 100 of 200 concurrent 1-coin replies through a balance of 100", async () => {
    const { auth, user } = await signIn();
    const burst = createTestApi(
      world.database,
      {
        ...ENV,
        CHAT_MAX_STREAMS_PER_USER: "200",
        CHAT_MESSAGES_PER_MINUTE: "1000",
        LLM_FIRST_TOKEN_TIMEOUT_MS: "20000",
      },
      undefined,
      world.llm,
    );
    await world.database.db.update(chatModels).set({ coinCost: 1 }).where(eq(chatModels.key, "premium"));
    const ids = await world.database.db
      .insert(robots)
      .values(
        Array.from({ length: 200 }, (_, i) => ({ key: `burst-${driver}-${i}`, name: `Burst ${i}`, greeting: "Hi" })),
      )
      .returning({ id: robots.id });
    await creditCoins(world.database.db, user.id, 100, "test", `t-${user.id}`);
    const callsBefore = world.llm.calls.length;
    // No model writes a word before every request has been answered, so no refused reply can finish before its
    // request is aborted.
    world.llm.setScript({ chunks: ["paid"], holdAfterChunks: 0 });
    try {
      const responses = await Promise.all(
        ids.map(({ id }) =>
          burst.post("/v1/chat_session/chat", { robot_id: id, message: "hi", model: "premium" }, auth),
        ),
      );
      world.llm.release();
      const ok = responses.filter((r) => r.status === 200);
      const refused = responses.filter((r) => r.status === 402);
      expect(ok).toHaveLength(100);
      expect(refused).toHaveLength(100);
      const ends = await Promise.all(ok.map((r) => readChatStream(r)));
      expect(ends.every((s) => s.messages.at(-1)?.type === "end")).toBe(true);
      for (const r of refused) expect((await r.json()).code).toBe(CHAT_CODES.INSUFFICIENT_COINS);
      expect(await getBalance(world.database.db, user.id)).toBe(0);
      const [sum] = await world.database.db
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
      const calls = world.llm.calls.slice(callsBefore);
      expect(calls.filter((c) => paid.has(c.request.demo.characterName)).map((c) => c.abortedAt)).toEqual(
        Array(100).fill(null),
      );
      expect(calls.filter((c) => !paid.has(c.request.demo.characterName)).every((c) => c.abortedAt !== null)).toBe(
        true,
      );
      const sessions = await world.database.db
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(eq(chatSessions.userId, user.id));
      expect(sessions).toHaveLength(100);
    } finally {
      await world.database.db.update(chatModels).set({ coinCost: 2 }).where(eq(chatModels.key, "premium"));
    }
  });

  it("limits messages per minute and open streams per user", async () => {
    const { auth } = await signIn();
    const strict = createTestApi(
      world.database,
      { ...ENV, CHAT_MESSAGES_PER_MINUTE: "2", CHAT_MAX_STREAMS_PER_USER: "1" },
      undefined,
      world.llm,
    );
    world.llm.setScript({ chunks: ["a", "b"], holdAfterChunks: 1 });
    const [r1, r2] = await world.database.db
      .select({ id: robots.id })
      .from(robots)
      .where(eq(robots.nsfw, false))
      .limit(2);
    const first = await strict.post("/v1/chat_session/chat", { robot_id: r1!.id, message: "hi" }, auth);
    const busy = await strict.post("/v1/chat_session/chat", { robot_id: r2!.id, message: "hi" }, auth);
    expect(busy.status).toBe(429);
    expect((await busy.json()).code).toBe(CHAT_CODES.TOO_MANY_STREAMS);
    world.llm.release();
    await readChatStream(first);
    const third = await strict.post("/v1/chat_session/chat", { robot_id: r2!.id, message: "hi" }, auth);
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({
      code: CHAT_CODES.TOO_MANY_MESSAGES,
      data: { retry_after: expect.any(Number) },
    });
  });
});
