import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHAT_CODES } from "@/lib/contracts/chat";
import { chatMessages, robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { activeReplyCount, settleActiveReplies } from "@/server/modules/chat/active-replies";
import { creditCoins, getBalance } from "@/server/modules/wallet/wallet";
import { createMockProvider, type MockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./helpers/fixtures";
import { readChatStream, textOf, whenTextIs, type ReadStream } from "./helpers/read-chat-stream";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/**
 * Regenerate and swipes, edits and deletions (issue 17, items 2 and 3): every call names a message by id, owned by
 * the caller; regenerations are metered like replies; the prompt sees only the chosen swipe.
 */
const ENV = {
  CHAT_FREE_REPLIES_PER_DAY: "10",
  CHAT_MESSAGES_PER_MINUTE: "1000",
  LLM_FIRST_TOKEN_TIMEOUT_MS: "300000",
  LLM_IDLE_TIMEOUT_MS: "300000",
};
type Auth = Record<string, string>;

describe.each(testDrivers())("Swipes, edits and deletions on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let llm: MockProvider;
  let robotId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    llm = createMockProvider();
    api = createTestApi(database, ENV, undefined, llm);
    const [r] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    robotId = r!.id;
    await database.db
      .update(robots)
      .set({ greeting: "Hello, traveller.", alternateGreetings: ["Psst, over here.", "You again?"] })
      .where(eq(robots.id, robotId));
  });
  afterAll(async () => database?.close());
  beforeEach(() => llm.setScript({}));

  const signIn = async (name = "Mira") => {
    const { user, token } = await createUserWithSession(database.db, name);
    return { user, auth: { authorization: `Bearer ${token}` } as Auth };
  };
  const call = (path: string, auth: Auth, body: Record<string, unknown>) =>
    api.post(`/v1/chat_session/${path}`, body, auth);
  const data = async (res: Response) => {
    expect(res.status).toBe(200);
    return (await res.json()).data;
  };
  const reply = (chunks: string[]) => llm.setScript({ chunks });
  const streamed = async (res: Response): Promise<ReadStream> => {
    expect(res.status).toBe(200);
    const stream = await readChatStream(res);
    await settleActiveReplies(20_000);
    expect(activeReplyCount()).toBe(0);
    return stream;
  };
  const replyId = (stream: ReadStream) => Number(stream.messages[0]!.message_id);
  const say = async (auth: Auth, message: string, chunks: string[], model?: string) => {
    reply(chunks);
    return streamed(await call("chat", auth, { robot_id: robotId, message, ...(model ? { model } : {}) }));
  };
  const history = async (auth: Auth) => data(await call("history", auth, { robot_id: robotId, limit: 100 }));
  const lastPrompt = () => llm.calls.at(-1)!.request.messages.map((m) => `${m.role}: ${String(m.content)}`);
  const wallet = async (auth: Auth) => data(await api.request("/v1/buy_coin/wallet", { headers: auth }));

  it("regenerates the latest reply as a chosen swipe, metered, and the model sees only the chosen one", async () => {
    const { auth } = await signIn();
    const first = await say(auth, "Tell me about the tower", ["The tower is old."]);
    const firstId = replyId(first);
    expect((await wallet(auth)).free_replies_left).toBe(9);

    reply(["The tower is new."]);
    const again = await streamed(await call("regenerate", auth, { message_id: firstId }));
    expect(again.messages[0]).toMatchObject({ type: "start", user_message: { content: "Tell me about the tower" } });
    expect(textOf(again)).toBe("The tower is new.");
    expect(again.messages.at(-1)).toMatchObject({ type: "end", free_replies_left: 8 });
    // The model was asked the same question again, without the first answer.
    expect(lastPrompt().at(-1)).toBe("user: Tell me about the tower");
    expect(lastPrompt().join("\n")).not.toContain("The tower is old.");

    const secondId = replyId(again);
    let list = (await history(auth)).list;
    expect(list.map((m: { content: string }) => m.content)).toEqual(["Tell me about the tower", "The tower is new."]);
    expect(list.at(-1)).toMatchObject({ id: secondId, swipe_index: 1, swipe_count: 2 });

    // Back to the first swipe: it is what history shows and what the model sees next.
    const back = await data(await call("swipe", auth, { message_id: secondId, index: 0 }));
    expect(back.message).toMatchObject({ id: firstId, content: "The tower is old.", swipe_index: 0, swipe_count: 2 });
    list = (await history(auth)).list;
    expect(list.at(-1)).toMatchObject({ id: firstId, swipe_index: 0, swipe_count: 2 });
    await say(auth, "Go on", ["It leans."]);
    expect(lastPrompt().join("\n")).toContain("assistant: The tower is old.");
    expect(lastPrompt().join("\n")).not.toContain("The tower is new.");

    // The earlier turn is no longer the latest: neither regenerated nor swiped.
    const older = await call("regenerate", auth, { message_id: firstId });
    expect(older.status).toBe(409);
    expect((await older.json()).code).toBe(CHAT_CODES.NOT_LATEST);
    const olderSwipe = await call("swipe", auth, { message_id: firstId, index: 1 });
    expect(olderSwipe.status).toBe(409);
    expect((await call("swipe", auth, { message_id: secondId, index: 5 })).status).toBe(409);
  });

  it("charges coins for a regeneration, refunds one that fails before text, and refuses one it cannot pay", async () => {
    const { auth, user } = await signIn();
    await creditCoins(database.db, user.id, 4, "test", `swipes-${user.id}`);
    const first = await say(auth, "hi", ["Hello."], "premium");
    expect(await getBalance(database.db, user.id)).toBe(2);

    llm.setScript({ failAfterChunks: 0 });
    const failed = await streamed(await call("regenerate", auth, { message_id: replyId(first), model: "premium" }));
    expect(failed.messages.at(-1)).toMatchObject({ type: "error", coins_refunded: true, balance: 2 });
    expect(await getBalance(database.db, user.id)).toBe(2);
    const failedId = replyId(failed);
    expect((await history(auth)).list.at(-1)).toMatchObject({ id: failedId, status: "failed", swipe_count: 2 });

    // The next regeneration replaces the failed swipe (nothing to go back to) and is paid.
    reply(["Hi there."]);
    const paid = await streamed(await call("regenerate", auth, { message_id: failedId, model: "premium" }));
    expect(paid.messages.at(-1)).toMatchObject({ type: "end", coins_spent: 2, balance: 0 });
    const rows = await database.db.select().from(chatMessages).where(eq(chatMessages.id, failedId));
    expect(rows).toEqual([]);
    expect((await history(auth)).list.at(-1)).toMatchObject({ content: "Hi there.", swipe_index: 1, swipe_count: 2 });

    // Refused before streaming: the chat stays as it was.
    const poor = await call("regenerate", auth, { message_id: replyId(paid), model: "premium" });
    expect(poor.status).toBe(402);
    expect((await poor.json()).code).toBe(CHAT_CODES.INSUFFICIENT_COINS);
    expect((await history(auth)).list.at(-1)).toMatchObject({ id: replyId(paid), swipe_count: 2 });
  });

  it("regenerates a reply still being written: the running one stops and stays, cut to what was shown", async () => {
    const { auth } = await signIn();
    llm.setScript({ chunks: ["Once", " upon", " a", " time"], holdAfterChunks: 3 });
    const res = await call("chat", auth, { robot_id: robotId, message: "A story?" });
    // The page stops reading (it aborts its request) after three pieces, of which it had shown two.
    const running = await readChatStream(res, whenTextIs("Once upon a"));
    const runningId = replyId(running);
    reply(["Long ago."]);
    const again = await streamed(
      await call("regenerate", auth, { message_id: runningId, shown_length: "Once upon".length }),
    );
    expect(textOf(again)).toBe("Long ago.");
    const [kept] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, runningId));
    expect(kept).toMatchObject({ status: "partial", content: "Once upon", chosen: false, swipeGroup: runningId });
    const list = (await history(auth)).list;
    expect(list.at(-1)).toMatchObject({ id: replyId(again), content: "Long ago.", swipe_index: 1, swipe_count: 2 });
    const back = await data(await call("swipe", auth, { message_id: replyId(again), index: 0 }));
    expect(back.message).toMatchObject({ id: runningId, content: "Once upon", status: "partial" });
  });

  it("edits a user message and continues from it: later turns go, a new metered reply comes", async () => {
    const { auth } = await signIn();
    const first = await say(auth, "I like cats", ["Cats are nice."]);
    await say(auth, "And dogs?", ["Dogs too."]);
    const userId = (first.messages[0]!.user_message as { id: number }).id;
    const left = (await wallet(auth)).free_replies_left;

    reply(["Birds sing."]);
    const res = await call("resend", auth, { message_id: userId, message: "I like birds" });
    const stream = await streamed(res);
    expect(stream.messages[0]).toMatchObject({ user_message: { id: userId, content: "I like birds" } });
    expect(lastPrompt().at(-1)).toBe("user: I like birds");
    expect(lastPrompt().join("\n")).not.toContain("Cats are nice.");
    expect(stream.messages.at(-1)).toMatchObject({ type: "end", free_replies_left: left - 1 });
    const list = (await history(auth)).list.map((m: { content: string }) => m.content);
    expect(list).toEqual(["I like birds", "Birds sing."]);

    // Replies are not resent, user messages are not edited in place.
    expect((await call("resend", auth, { message_id: replyId(stream), message: "x" })).status).toBe(400);
    expect((await call("edit", auth, { message_id: userId, content: "x" })).status).toBe(400);
  });

  it("edits a reply in place, and the model sees the new text", async () => {
    const { auth } = await signIn();
    const first = await say(auth, "Name a colour", ["Blue."]);
    const edited = await data(await call("edit", auth, { message_id: replyId(first), content: "  Crimson red.  " }));
    expect(edited.message).toMatchObject({ id: replyId(first), content: "Crimson red.", status: "complete" });
    await say(auth, "Why?", ["Because."]);
    expect(lastPrompt().join("\n")).toContain("assistant: Crimson red.");
    expect(lastPrompt().join("\n")).not.toContain("Blue.");
    const empty = await call("edit", auth, { message_id: replyId(first), content: "   " });
    expect(empty.status).toBe(400);
  });

  it("deletes a message (a reply with all its swipes) or everything after one", async () => {
    const { auth } = await signIn();
    const a = await say(auth, "one", ["1."]);
    reply(["1b."]);
    const swipe = await streamed(await call("regenerate", auth, { message_id: replyId(a) }));
    const b = await say(auth, "two", ["2."]);
    const c = await say(auth, "three", ["3."]);
    const ids = (s: ReadStream) => ({
      user: (s.messages[0]!.user_message as { id: number }).id,
      reply: replyId(s),
    });

    const gone = await data(await call("delete_messages", auth, { message_id: replyId(swipe), scope: "message" }));
    expect(gone.deleted).toEqual([replyId(a), replyId(swipe)]);
    let list = (await history(auth)).list.map((m: { content: string }) => m.content);
    expect(list).toEqual(["one", "two", "2.", "three", "3."]);

    const after = await data(await call("delete_messages", auth, { message_id: ids(b).reply, scope: "after" }));
    expect(after.deleted).toEqual([ids(c).user, ids(c).reply]);
    list = (await history(auth)).list.map((m: { content: string }) => m.content);
    expect(list).toEqual(["one", "two", "2."]);
    // The model no longer sees what was deleted.
    const four = await say(auth, "four", ["4."]);
    expect(lastPrompt().join("\n")).not.toMatch(/1\.|1b\.|three|3\./);

    const userOnly = await data(await call("delete_messages", auth, { message_id: ids(b).user, scope: "message" }));
    expect(userOnly.deleted).toEqual([ids(b).user]);
    // A reply whose message was deleted answers nothing: it cannot be regenerated.
    await data(await call("delete_messages", auth, { message_id: ids(four).user, scope: "message" }));
    const orphan = await call("regenerate", auth, { message_id: ids(four).reply });
    expect(orphan.status).toBe(400);
    expect((await orphan.json()).msg).toBe("There is no message for this reply to answer.");
  });

  it("answers 404 for another user's messages, 401 signed out, and refuses changes while a reply is written", async () => {
    const { auth: mine } = await signIn("Owner");
    const { auth: theirs } = await signIn("Other");
    const stream = await say(mine, "secret", ["Shh."]);
    const id = replyId(stream);
    const userMessageId = (stream.messages[0]!.user_message as { id: number }).id;
    for (const [path, body] of [
      ["regenerate", { message_id: id }],
      ["swipe", { message_id: id, index: 0 }],
      ["edit", { message_id: id, content: "mine now" }],
      ["delete_messages", { message_id: id, scope: "message" }],
      ["resend", { message_id: userMessageId, message: "mine now" }],
    ] as const) {
      const res = await call(path, theirs, body);
      expect(res.status, path).toBe(404);
      expect((await call(path, {}, body)).status, path).toBe(401);
    }
    expect((await call("swipe", mine, { message_id: 99_999_999, index: 0 })).status).toBe(404);
    const [row] = await database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.id, id), eq(chatMessages.content, "Shh.")));
    expect(row).toBeDefined();

    // One reply at a time per chat: while one is written, changes are refused with the chat's own message.
    llm.setScript({ chunks: ["a", "b"], holdAfterChunks: 1 });
    const open = await call("chat", mine, { robot_id: robotId, message: "wait" });
    for (const [path, body] of [
      ["edit", { message_id: id, content: "x" }],
      ["delete_messages", { message_id: id, scope: "after" }],
      ["regenerate", { message_id: id }],
    ] as const) {
      const res = await call(path, mine, body);
      expect(res.status, path).toBe(409);
      expect(await res.json(), path).toMatchObject({
        code: CHAT_CODES.REPLY_IN_PROGRESS,
        msg: "Wait for the current reply to finish.",
      });
    }
    llm.release();
    await streamed(open);
  });

  it("offers the alternate greetings as swipes of the first message, until the conversation begins", async () => {
    const { auth } = await signIn();
    expect((await history(auth)).greeting_index).toBe(0);
    expect(await data(await call("greeting", auth, { robot_id: robotId, index: 2 }))).toEqual({ greeting_index: 2 });
    expect((await history(auth)).greeting_index).toBe(2);
    expect((await call("greeting", auth, { robot_id: robotId, index: 3 })).status).toBe(400);

    await say(auth, "Me again.", ["Indeed."]);
    expect(lastPrompt()[0]).toBe("assistant: You again?");
    const late = await call("greeting", auth, { robot_id: robotId, index: 0 });
    expect(late.status).toBe(409);
    expect((await late.json()).code).toBe(CHAT_CODES.NOT_LATEST);
    expect((await call("greeting", auth, { robot_id: 99_999_999, index: 0 })).status).toBe(404);
  });
});
