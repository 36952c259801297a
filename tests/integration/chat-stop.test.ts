import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chatMessages, robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { activeReplyCount, settleActiveReplies } from "@/server/modules/chat/active-replies";
import { settleInterruptedReplies } from "@/server/modules/chat/interrupted-replies";
import { createMockProvider, type MockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./helpers/fixtures";
import { chatStreamReader, readChatStream, whenTextIs } from "./helpers/read-chat-stream";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/**
 * Stop keeps what the user saw: the page sends the length of the reply's text on its screen
 * (POST /v1/chat_session/stop), and the stored reply is cut to it, whichever of the stop and the reply's final
 * write comes first. The length only ever cuts text the server generated.
 */
const ENV = { CHAT_FREE_REPLIES_PER_DAY: "3", LLM_FIRST_TOKEN_TIMEOUT_MS: "300000", LLM_IDLE_TIMEOUT_MS: "300000" };
const STORY = ["Once", " upon", " a", " time", " there", " was"];

async function repliesSettled(): Promise<void> {
  await settleActiveReplies(20_000);
  expect(activeReplyCount()).toBe(0);
}

describe.each(testDrivers())("Stop on %s", (driver) => {
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
  });
  afterAll(async () => database?.close());
  beforeEach(() => llm.setScript({}));

  const signIn = async () => {
    const { user, token } = await createUserWithSession(database.db, "Mira");
    return { user, auth: { authorization: `Bearer ${token}` } };
  };
  const send = (auth: Record<string, string>, message: string) =>
    api.post("/v1/chat_session/chat", { robot_id: robotId, message }, auth);
  const stop = (auth: Record<string, string>, body: Record<string, unknown>) =>
    api.post("/v1/chat_session/stop", body, auth);
  const stored = async (id: number) =>
    (await database.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0]!;
  const freeLeft = async (auth: Record<string, string>) =>
    (await (await api.request("/v1/buy_coin/wallet", { headers: auth })).json()).data.free_replies_left;

  it("cuts the reply to the text shown when the stream was dropped first, and answers with it and the wallet", async () => {
    const { auth } = await signIn();
    // Three pieces reach the server; the page had shown two when its user pressed Stop.
    llm.setScript({ chunks: STORY, holdAfterChunks: 3 });
    const stream = await readChatStream(await send(auth, "Tell me a story"), whenTextIs("Once upon a"));
    const id = Number(stream.messages[0]!.message_id);
    await llm.calls.at(-1)!.ended;
    await repliesSettled();
    expect(await stored(id)).toMatchObject({ status: "partial", content: "Once upon a" });

    const res = await stop(auth, { message_id: id, shown_length: "Once upon".length });
    expect(res.status).toBe(200);
    const answer = (await res.json()).data;
    expect(answer.message).toMatchObject({ id, status: "partial", content: "Once upon" });
    expect(answer.wallet).toMatchObject({ free_replies_left: 2, free_replies_per_day: 3 });
    expect(await stored(id)).toMatchObject({ status: "partial", content: "Once upon", shownLength: 9 });
    const history = (await (await api.post("/v1/chat_session/history", { robot_id: robotId }, auth)).json()).data;
    expect(history.list.at(-1)).toMatchObject({ id, content: "Once upon", status: "partial" });
  });

  it("cuts the reply when the stop comes while it is still written, and waits for it to settle", async () => {
    const { auth } = await signIn();
    llm.setScript({ chunks: STORY, holdAfterChunks: 4 });
    const reader = chatStreamReader(await send(auth, "Tell me a story"));
    const start = await reader.until((m) => m.type === "start");
    const id = Number(start.message_id);
    await reader.until(whenTextIs("Once upon a time"));
    // The stop arrives (perhaps at another process) before this one has seen the stream dropped; the model
    // then finishes and the reply ends complete, with all its text, which its writer cuts.
    const stopping = stop(auth, { message_id: id, shown_length: "Once upon a".length });
    await expect.poll(async () => (await stored(id)).shownLength).toBe(11);
    llm.release();
    const rest = await reader.rest();
    const end = rest.messages.at(-1)!;
    expect(end).toMatchObject({ type: "end", message: { id, status: "partial", content: "Once upon a" } });
    const answer = (await (await stopping).json()).data;
    expect(answer.message).toMatchObject({ status: "partial", content: "Once upon a" });
    expect(await stored(id)).toMatchObject({ status: "partial", content: "Once upon a" });
  });

  it("cuts a reply that completed before the stop reached the server, and leaves one shown in full complete", async () => {
    const { auth } = await signIn();
    const whole = await readChatStream(await send(auth, "Hi"));
    const id = Number(whole.messages[0]!.message_id);
    expect(await stored(id)).toMatchObject({ status: "complete", content: "Hello from the mock model." });
    const answer = (await (await stop(auth, { message_id: id, shown_length: 5 })).json()).data;
    expect(answer.message).toMatchObject({ status: "partial", content: "Hello" });

    const full = await readChatStream(await send(auth, "Again"));
    const fullId = Number(full.messages[0]!.message_id);
    await stop(auth, { message_id: fullId, shown_length: "Hello from the mock model.".length });
    expect(await stored(fullId)).toMatchObject({ status: "complete", content: "Hello from the mock model." });
  });

  it("never makes a reply longer, keeps the first length it was told, and keeps the charge of a reply cut to nothing", async () => {
    const { auth } = await signIn();
    llm.setScript({ chunks: STORY, holdAfterChunks: 2 });
    const stream = await readChatStream(await send(auth, "Story"), whenTextIs("Once upon"));
    const id = Number(stream.messages[0]!.message_id);
    await repliesSettled();
    expect((await stored(id)).content).toBe("Once upon");
    const first = (await (await stop(auth, { message_id: id, shown_length: 1_000 })).json()).data;
    expect(first.message).toMatchObject({ content: "Once upon", status: "partial" });
    // Sent again with another length: the first one stands.
    await stop(auth, { message_id: id, shown_length: 2 });
    expect(await stored(id)).toMatchObject({ content: "Once upon", shownLength: 1_000 });

    // The page had shown nothing yet: the text goes, the reply stays partial and paid for (the model wrote it).
    llm.setScript({ chunks: STORY, holdAfterChunks: 1 });
    const empty = await readChatStream(await send(auth, "Story"), (m) => m.type === "delta");
    const emptyId = Number(empty.messages[0]!.message_id);
    await repliesSettled();
    const answer = (await (await stop(auth, { message_id: emptyId, shown_length: 0 })).json()).data;
    expect(answer.message).toMatchObject({ content: "", status: "partial" });
    expect(answer.wallet.free_replies_left).toBe(1);
    expect(await freeLeft(auth)).toBe(1);
  });

  it("refuses other users' replies, user messages, unknown ids and bad lengths, and needs a signed-in user", async () => {
    const { auth } = await signIn();
    const other = await signIn();
    const stream = await readChatStream(await send(auth, "Hi"));
    const id = Number(stream.messages[0]!.message_id);
    const userMessageId = Number((stream.messages[0]!.user_message as { id: number }).id);
    expect((await stop({}, { message_id: id, shown_length: 1 })).status).toBe(401);
    expect((await stop(other.auth, { message_id: id, shown_length: 1 })).status).toBe(404);
    expect((await stop(auth, { message_id: userMessageId, shown_length: 1 })).status).toBe(404);
    expect((await stop(auth, { message_id: 99_999_999, shown_length: 1 })).status).toBe(404);
    for (const shown of [-1, 1.5, "3", null, 2_000_000])
      expect((await stop(auth, { message_id: id, shown_length: shown })).status).toBe(400);
    expect(await stored(id)).toMatchObject({
      status: "complete",
      content: "Hello from the mock model.",
      shownLength: null,
    });
  });

  it("leaves old replies alone", async () => {
    const { auth } = await signIn();
    const stream = await readChatStream(await send(auth, "Hi"));
    const id = Number(stream.messages[0]!.message_id);
    await database.db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(chatMessages.id, id));
    const answer = (await (await stop(auth, { message_id: id, shown_length: 3 })).json()).data;
    expect(answer.message).toMatchObject({ status: "complete", content: "Hello from the mock model." });
  });

  it("cuts a stopped reply that the interrupted-reply sweep settles", async () => {
    const { auth } = await signIn();
    llm.setScript({ chunks: [], hang: true });
    const reader = (await send(auth, "anyone there?")).body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const id = Number(/"message_id":(\d+)/.exec(first)![1]);
    // As if its process had saved a checkpoint, been told of the stop, and died.
    await database.db
      .update(chatMessages)
      .set({ content: "Once upon a time", shownLength: 4 })
      .where(eq(chatMessages.id, id));
    expect(await settleInterruptedReplies(database.db, { now: new Date(Date.now() + 60_000) })).toBe(1);
    expect(await stored(id)).toMatchObject({ status: "partial", content: "Once" });
    await reader.cancel();
    await repliesSettled();
  });
});
