import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHAT_CODES } from "@/lib/contracts/chat";
import { chatMessages, robots } from "@/server/db/schema";
import { flushChatCounts } from "@/server/modules/chat/chat-count-tally";
import { settleInterruptedReplies } from "@/server/modules/chat/interrupted-replies";
import { getBalance } from "@/server/modules/wallet/wallet";
import { CHAT_API_ENV as ENV, chatApiWorld, repliesSettled } from "./helpers/chat-api-world";
import { readChatStream, textOf, whenTextIs } from "./helpers/read-chat-stream";
import { createTestApi } from "./helpers/test-api";
import { testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("chat API on %s", (driver) => {
  const { world, signIn, send, data } = chatApiWorld(driver);

  it("needs a signed-in user for chat, history, set_model, recent_list and wallet", async () => {
    expect((await send({}, { robot_id: world.robotId, message: "hi" })).status).toBe(401);
    expect((await world.api.post("/v1/chat_session/history", { robot_id: world.robotId })).status).toBe(401);
    expect(
      (await world.api.post("/v1/chat_session/set_model", { robot_id: world.robotId, model: "standard" })).status,
    ).toBe(401);
    expect((await world.api.request("/v1/chat_session/recent_list")).status).toBe(401);
    expect((await world.api.request("/v1/buy_coin/wallet")).status).toBe(401);
  });

  it("refuses a sign-out's token and a garbled one with 401, and asks no model", async () => {
    const { auth } = await signIn();
    expect((await world.api.post("/v1/user/logout", {}, auth)).status).toBe(200);
    const calls = world.llm.calls.length;
    const res = await send(auth, { robot_id: world.robotId, message: "hi" });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 401, msg: "Authentication expired" });
    expect(
      (await send({ authorization: "Bearer not a token" }, { robot_id: world.robotId, message: "hi" })).status,
    ).toBe(401);
    expect(world.llm.calls.length).toBe(calls);
  });

  it("streams start, deltas and end, stores both messages, and counts the chat once", async () => {
    const { auth } = await signIn();
    await flushChatCounts(world.database.db); // the chats of the tests before, if any
    const [before] = await world.database.db
      .select({ n: robots.chatCount })
      .from(robots)
      .where(eq(robots.id, world.robotId));
    const res = await send(auth, { robot_id: world.robotId, message: "  Hello there  " });
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
    // The mock model's five pieces, in one delta or more (the pieces of one write are one message).
    expect(types.filter((t) => t === "delta").length).toBeGreaterThan(0);
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

    const history = await data(await world.api.post("/v1/chat_session/history", { robot_id: world.robotId }, auth));
    expect(history.list.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ["user", "Hello there"],
      ["assistant", "Hello from the mock model."],
    ]);
    await readChatStream(await send(auth, { robot_id: world.robotId, message: "Again" }));
    // Counted by the tally, written once a second (chat-count-tally.ts): written now.
    await flushChatCounts(world.database.db);
    const [after] = await world.database.db
      .select({ n: robots.chatCount })
      .from(robots)
      .where(eq(robots.id, world.robotId));
    expect(after!.n).toBe(before!.n + 1);
  });

  it("sends the character, the history and the new message to the model", async () => {
    const { auth } = await signIn();
    await readChatStream(await send(auth, { robot_id: world.robotId, message: "First question" }));
    await readChatStream(await send(auth, { robot_id: world.robotId, message: "Second question" }));
    const request = world.llm.calls.at(-1)!.request;
    const [r] = await world.database.db.select().from(robots).where(eq(robots.id, world.robotId));
    expect(request.system).toContain(r!.name);
    expect(request.messages.at(-1)).toEqual({ role: "user", content: "Second question" });
    expect(request.messages.map((m) => m.content)).toContain("First question");
    expect(request.demo).toMatchObject({ characterName: r!.name, userName: "Mira", userMessage: "Second question" });
  });

  it("refuses bad input with a 400 naming the field, unknown characters with 404 and unknown models with 40011", async () => {
    const { auth } = await signIn();
    const empty = await send(auth, { robot_id: world.robotId, message: "   " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).msg).toContain("message");
    expect((await send(auth, { robot_id: world.robotId, message: "x".repeat(4001) })).status).toBe(400);
    expect((await send(auth, { robot_id: 99_999_999, message: "hi" })).status).toBe(404);
    const badModel = await send(auth, { robot_id: world.robotId, message: "hi", model: "gpt-99" });
    expect(badModel.status).toBe(400);
    expect((await badModel.json()).code).toBe(CHAT_CODES.MODEL_UNAVAILABLE);
  });

  it("allows one reply at a time per chat", async () => {
    const { auth } = await signIn();
    // The first reply stays open (the model holds after "a") until the second request has been answered.
    world.llm.setScript({ chunks: ["a", "b", "c"], holdAfterChunks: 1 });
    const first = await send(auth, { robot_id: world.robotId, message: "one" });
    const second = await send(auth, { robot_id: world.robotId, message: "two" });
    expect(second.status).toBe(409);
    expect((await second.json()).code).toBe(CHAT_CODES.REPLY_IN_PROGRESS);
    world.llm.release();
    expect(textOf(await readChatStream(first))).toBe("abc");
    const third = await send(auth, { robot_id: world.robotId, message: "three" });
    expect(third.status).toBe(200);
    await readChatStream(third);
  });

  it("aborts the model when the client leaves, keeps the partial reply and charges it", async () => {
    const { auth, user } = await signIn();
    // The model holds after two pieces, and no idle timeout can end the reply meanwhile: only the client's leaving
    // can abort it.
    const patient = createTestApi(world.database, { ...ENV, LLM_IDLE_TIMEOUT_MS: "300000" }, undefined, world.llm);
    world.llm.setScript({ chunks: ["Once", " upon", " a", " time", " there", " was"], holdAfterChunks: 2 });
    const res = await patient.post(
      "/v1/chat_session/chat",
      { robot_id: world.robotId, message: "Tell me a story" },
      auth,
    );
    const stream = await readChatStream(res, whenTextIs("Once upon"));
    const call = world.llm.calls.at(-1)!;
    await call.aborted;
    // A model that had not been aborted would go on now; this one stops where the client left.
    world.llm.release();
    await call.ended;
    await repliesSettled();
    expect(call.chunksSent).toBe(2);
    const assistantId = Number(stream.messages[0]!.message_id);
    const [row] = await world.database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantId));
    expect(row).toMatchObject({ status: "partial", content: "Once upon" });
    const wallet = await data(await world.api.request("/v1/buy_coin/wallet", { headers: auth }));
    expect(wallet.free_replies_left).toBe(2);
    // the lease is free again
    world.llm.setScript({});
    await readChatStream(await send(auth, { robot_id: world.robotId, message: "Go on" }));
    expect(await getBalance(world.database.db, user.id)).toBe(0);
  });

  it("does not refund or overwrite a reply the interrupted-reply sweeper settled while it streamed", async () => {
    const { auth } = await signIn();
    const freeLeft = async () =>
      (await data(await world.api.request("/v1/buy_coin/wallet", { headers: auth }))).free_replies_left;
    await readChatStream(await send(auth, { robot_id: world.robotId, message: "first" }));
    world.llm.setScript({ chunks: [], hang: true });
    const res = await send(auth, { robot_id: world.robotId, message: "second" });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const messageId = Number(/"message_id":(\d+)/.exec(first)![1]);
    expect(await freeLeft()).toBe(1);
    // as if this process had been given up for dead: every streaming row counts as interrupted
    expect(await settleInterruptedReplies(world.database.db, { now: new Date(Date.now() + 60_000) })).toBe(1);
    expect(await freeLeft()).toBe(2);
    // the client leaves; the relay ends a reply that is no longer its own, and gives nothing back a second time
    await reader.cancel();
    await world.llm.calls.at(-1)!.aborted;
    await repliesSettled();
    const [row] = await world.database.db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    expect(row).toMatchObject({ status: "failed", content: "" });
    expect(await freeLeft()).toBe(2);
  });

  it("tells a client still reading that a reply the sweeper settled has failed", async () => {
    const { auth } = await signIn();
    world.llm.setScript({ chunks: [], hang: true });
    const res = await send(auth, { robot_id: world.robotId, message: "anyone there?" });
    const reader = res.body!.getReader();
    await reader.read();
    expect(await settleInterruptedReplies(world.database.db, { now: new Date(Date.now() + 60_000) })).toBe(1);
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
    expect((await data(await world.api.request("/v1/buy_coin/wallet", { headers: auth }))).free_replies_left).toBe(3);
  });

  it("ends with an error, marks the reply failed and refunds it when the model fails before any text", async () => {
    const { auth } = await signIn();
    world.llm.setScript({ failAfterChunks: 0 });
    const stream = await readChatStream(await send(auth, { robot_id: world.robotId, message: "hi" }));
    const last = stream.messages.at(-1)!;
    expect(stream.closed).toBe(true);
    expect(last).toMatchObject({
      type: "error",
      error: { code: CHAT_CODES.UPSTREAM_FAILED },
      message: { status: "failed", content: "" },
    });
    const wallet = await data(await world.api.request("/v1/buy_coin/wallet", { headers: auth }));
    expect(wallet.free_replies_left).toBe(3);
  });

  it("keeps the text that came before a mid-stream failure as partial", async () => {
    const { auth } = await signIn();
    world.llm.setScript({ chunks: ["It", " was", " a"], malformedAfterChunks: 2 });
    const stream = await readChatStream(await send(auth, { robot_id: world.robotId, message: "hi" }));
    expect(textOf(stream)).toBe("It was");
    expect(stream.messages.at(-1)).toMatchObject({
      type: "error",
      message: { status: "partial", content: "It was" },
      coins_refunded: false,
    });
  });

  it("fails a reply whose first text does not come in time, and one that goes silent", async () => {
    const { auth } = await signIn();
    world.llm.setScript({ hang: true });
    const stream = await readChatStream(await send(auth, { robot_id: world.robotId, message: "hi" }));
    expect(stream.messages.at(-1)).toMatchObject({
      type: "error",
      error: { code: CHAT_CODES.UPSTREAM_TIMEOUT },
      message: { status: "failed" },
    });
    expect(world.llm.calls.at(-1)!.abortedAt).not.toBeNull();
    world.llm.setScript({ chunks: ["Hm", "m"], hangAfterChunks: 1 });
    const silent = await readChatStream(await send(auth, { robot_id: world.robotId, message: "hi" }));
    expect(silent.messages.at(-1)).toMatchObject({
      type: "error",
      error: { code: CHAT_CODES.UPSTREAM_TIMEOUT },
      message: { status: "partial", content: "Hm" },
    });
  });

  it("pages history by cursor, oldest first within a page", async () => {
    const { auth } = await signIn();
    for (let i = 0; i < 3; i++) await readChatStream(await send(auth, { robot_id: world.robotId, message: `q${i}` }));
    const page1 = await data(
      await world.api.post("/v1/chat_session/history", { robot_id: world.robotId, limit: 4 }, auth),
    );
    expect(page1.list).toHaveLength(4);
    expect(page1.has_more).toBe(true);
    expect(page1.list[0].content).toBe("q1");
    const page2 = await data(
      await world.api.post(
        "/v1/chat_session/history",
        { robot_id: world.robotId, limit: 4, before: page1.next_before },
        auth,
      ),
    );
    expect(page2.list.map((m: { content: string }) => m.content)).toEqual(["q0", "Hello from the mock model."]);
    expect(page2.has_more).toBe(false);
    expect(page2.next_before).toBeNull();
    const none = await data(await world.api.post("/v1/chat_session/history", { robot_id: world.robotId + 1 }, auth));
    expect(none).toEqual({ session_id: null, list: [], has_more: false, next_before: null, greeting_index: 0 });
  });

  it("lists recent chats newest first and sets the model per chat", async () => {
    const { auth } = await signIn();
    const [a, b] = await world.database.db
      .select({ id: robots.id, name: robots.name })
      .from(robots)
      .where(eq(robots.nsfw, false))
      .limit(2);
    await readChatStream(await send(auth, { robot_id: a!.id, message: "to a" }));
    await readChatStream(await send(auth, { robot_id: b!.id, message: "to b" }));
    const recent = await data(await world.api.request("/v1/chat_session/recent_list", { headers: auth }));
    expect(recent.list.map((r: { robot: { id: number } }) => r.robot.id)).toEqual([b!.id, a!.id]);
    expect(recent.list[0]).toMatchObject({ robot: { name: b!.name }, last_message: "Hello from the mock model." });

    expect(
      await data(await world.api.post("/v1/chat_session/set_model", { robot_id: a!.id, model: "premium" }, auth)),
    ).toEqual({ current: "premium" });
    const bad = await world.api.post("/v1/chat_session/set_model", { robot_id: a!.id, model: "nope" }, auth);
    expect((await bad.json()).code).toBe(CHAT_CODES.MODEL_UNAVAILABLE);
  });

  it("lists models for visitors with their cost, the default as current", async () => {
    const res = await data(await world.api.request("/v1/chat_session/model"));
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
