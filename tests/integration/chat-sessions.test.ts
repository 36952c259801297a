import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHAT_CODES } from "@/lib/contracts/chat";
import { chatMessages, chatSessions, robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { settleActiveReplies } from "@/server/modules/chat/active-replies";
import { CHATS_CREATED_PER_MINUTE } from "@/server/modules/chat/chat-list";
import { createMockProvider, type MockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./helpers/fixtures";
import { readChatStream, textOf } from "./helpers/read-chat-stream";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

type Summary = {
  id: string;
  robot_id: number;
  title: string | null;
  preview: string | null;
  message_count: number;
  last_message_at: string;
};

const UNKNOWN_CHAT = "6f1d3c2a-9b7e-4c1a-8d2f-0a1b2c3d4e5f";

describe.each(testDrivers())("several chats per character on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let llm: MockProvider;
  let robot: { id: number; key: string; name: string; greeting: string };
  let otherRobotId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    llm = createMockProvider();
    api = createTestApi(
      database,
      { CHAT_FREE_REPLIES_PER_DAY: "1000", CHAT_MESSAGES_PER_MINUTE: "1000" },
      undefined,
      llm,
    );
    const rows = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(2);
    robot = rows[0]!;
    otherRobotId = rows[1]!.id;
  });
  afterAll(async () => {
    await settleActiveReplies(20_000);
    await database?.close();
  });
  beforeEach(() => llm.setScript({}));

  const signIn = async (name = "Mira") => {
    const { user, token } = await createUserWithSession(database.db, name);
    return { user, auth: { authorization: `Bearer ${token}` } };
  };
  const data = async (res: Response) => {
    expect(res.status).toBe(200);
    return (await res.json()).data;
  };
  const say = async (auth: Record<string, string>, message: string, chatId?: string) => {
    const body = chatId ? { robot_id: robot.id, message, chat_id: chatId } : { robot_id: robot.id, message };
    const res = await api.post("/v1/chat_session/chat", body, auth);
    expect(res.status).toBe(200);
    return readChatStream(res);
  };
  const list = async (auth: Record<string, string>): Promise<Summary[]> =>
    (await data(await api.post("/v1/chat_session/list", { robot_id: robot.id }, auth))).list;
  const create = async (auth: Record<string, string>): Promise<Summary> =>
    (await data(await api.post("/v1/chat_session/create", { robot_id: robot.id }, auth))).chat;
  const history = async (auth: Record<string, string>, chatId?: string) =>
    data(
      await api.post(
        "/v1/chat_session/history",
        chatId ? { robot_id: robot.id, chat_id: chatId } : { robot_id: robot.id },
        auth,
      ),
    );
  const contents = (h: { list: { content: string }[] }) => h.list.map((m) => m.content);

  it("keeps several chats with one character; calls without a chat id mean the latest", async () => {
    const { auth } = await signIn();
    // The first message starts the first chat, as before.
    const first = await say(auth, "Hello from the first chat");
    const firstId = first.messages[0]!.session_id as string;
    expect(await list(auth)).toMatchObject([{ id: firstId, preview: "Hello from the first chat", message_count: 2 }]);

    const fresh = await create(auth);
    expect(fresh).toMatchObject({ robot_id: robot.id, title: null, preview: null, message_count: 0 });
    expect(fresh.id).not.toBe(firstId);
    // The new chat is the latest: its history is empty, and a message without a chat id goes there.
    expect(await history(auth)).toMatchObject({ session_id: fresh.id, list: [] });
    const second = await say(auth, "Second chat here");
    expect(second.messages[0]!.session_id).toBe(fresh.id);

    // The model sees only this chat's turns.
    expect(llm.calls.at(-1)!.request.messages.map((m) => m.content)).not.toContain("Hello from the first chat");
    // The older chat is still there, whole, by its id.
    expect(contents(await history(auth, firstId))).toEqual(["Hello from the first chat", textOf(first)]);
    expect(contents(await history(auth))).toEqual(["Second chat here", textOf(second)]);

    // Writing in the older chat makes it the latest again.
    await say(auth, "Back to the first", firstId);
    const chats = await list(auth);
    expect(chats.map((c) => c.id)).toEqual([firstId, fresh.id]);
    expect(chats[0]).toMatchObject({ preview: "Hello from the first chat", message_count: 4 });
    expect((await history(auth)).session_id).toBe(firstId);
  });

  it("shows one entry per character in the recent list: its latest chat with messages", async () => {
    const { auth } = await signIn();
    await say(auth, "Old chat");
    const fresh = await create(auth);
    await say(auth, "New chat", fresh.id);
    await create(auth);
    const recent = (await data(await api.request("/v1/chat_session/recent_list", { headers: auth }))).list;
    expect(recent).toHaveLength(1);
    expect(recent[0]).toMatchObject({ session_id: fresh.id, robot: { id: robot.id } });
  });

  it("answers another user's chat id like an unknown one, and refuses a malformed id", async () => {
    const { auth } = await signIn();
    const mine = await create(auth);
    const { auth: intruder } = await signIn("Eve");
    const calls = llm.calls.length;
    for (const chatId of [mine.id, UNKNOWN_CHAT]) {
      const body = { robot_id: robot.id, chat_id: chatId };
      const answers = [
        await api.post("/v1/chat_session/history", body, intruder),
        await api.post("/v1/chat_session/chat", { ...body, message: "hi" }, intruder),
        await api.post("/v1/chat_session/set_model", { ...body, model: "standard" }, intruder),
        await api.post("/v1/chat_session/rename", { chat_id: chatId, title: "Mine now" }, intruder),
        await api.post("/v1/chat_session/delete", { chat_id: chatId }, intruder),
        await api.request(`/v1/chat_session/export?robot_id=${robot.id}&chat_id=${chatId}&format=jsonl`, {
          headers: intruder,
        }),
      ];
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ code: CHAT_CODES.CHAT_NOT_FOUND, msg: "Chat not found", data: null });
      }
    }
    // A chat id with another character is not found either.
    const elsewhere = await api.post("/v1/chat_session/history", { robot_id: otherRobotId, chat_id: mine.id }, auth);
    expect(elsewhere.status).toBe(404);
    // Nothing of the owner's changed.
    expect(await list(auth)).toMatchObject([{ id: mine.id, title: null }]);
    expect(llm.calls.length).toBe(calls);

    const bad = await api.post("/v1/chat_session/history", { robot_id: robot.id, chat_id: "not-a-uuid" }, auth);
    expect(bad.status).toBe(400);
    expect((await bad.json()).msg).toContain("chat_id");
    expect((await api.post("/v1/chat_session/list", { robot_id: robot.id })).status).toBe(401);
  });

  it("renames a chat (an empty title clears it) and refuses a title that is too long", async () => {
    const { auth } = await signIn();
    const chat = await create(auth);
    const renamed = await data(
      await api.post("/v1/chat_session/rename", { chat_id: chat.id, title: "  Road trip  " }, auth),
    );
    expect(renamed.chat).toMatchObject({ id: chat.id, title: "Road trip" });
    expect((await list(auth))[0]!.title).toBe("Road trip");
    const tooLong = await api.post("/v1/chat_session/rename", { chat_id: chat.id, title: "x".repeat(81) }, auth);
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).msg).toContain("title");
    const cleared = await data(await api.post("/v1/chat_session/rename", { chat_id: chat.id, title: "" }, auth));
    expect(cleared.chat.title).toBeNull();
  });

  it("deletes a chat with its messages; the previous chat becomes the latest", async () => {
    const { auth } = await signIn();
    await say(auth, "Keep me");
    const doomed = await create(auth);
    const streamed = await say(auth, "Delete me", doomed.id);
    expect(await data(await api.post("/v1/chat_session/delete", { chat_id: doomed.id }, auth))).toEqual({
      chat_id: doomed.id,
    });
    const assistantId = Number(streamed.messages[0]!.message_id);
    expect(await database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantId))).toEqual([]);
    expect(await database.db.select().from(chatSessions).where(eq(chatSessions.id, doomed.id))).toEqual([]);
    expect(contents(await history(auth))).toContain("Keep me");
    expect((await list(auth)).map((c) => c.id)).not.toContain(doomed.id);
    // Deleted is not found, the second time too.
    expect((await api.post("/v1/chat_session/delete", { chat_id: doomed.id }, auth)).status).toBe(404);
  });

  it("holds one reply at a time per chat: another chat with the character can reply meanwhile, deletion waits", async () => {
    const { auth } = await signIn();
    const a = await create(auth);
    const b = await create(auth);
    llm.setScript({ chunks: ["a", "b"], holdAfterChunks: 1 });
    const first = await api.post("/v1/chat_session/chat", { robot_id: robot.id, message: "one", chat_id: a.id }, auth);
    expect(first.status).toBe(200);
    const again = await api.post("/v1/chat_session/chat", { robot_id: robot.id, message: "two", chat_id: a.id }, auth);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe(CHAT_CODES.REPLY_IN_PROGRESS);
    const busyDelete = await api.post("/v1/chat_session/delete", { chat_id: a.id }, auth);
    expect(busyDelete.status).toBe(409);
    const other = await api.post(
      "/v1/chat_session/chat",
      { robot_id: robot.id, message: "three", chat_id: b.id },
      auth,
    );
    expect(other.status).toBe(200);
    llm.release();
    expect(textOf(await readChatStream(first))).toBe("ab");
    expect(textOf(await readChatStream(other))).toBe("ab");
    await settleActiveReplies(20_000);
    expect((await api.post("/v1/chat_session/delete", { chat_id: a.id }, auth)).status).toBe(200);
  });

  it("sets the model per chat: set_model and the model list follow the chat id", async () => {
    const { auth } = await signIn();
    const a = await create(auth);
    const b = await create(auth);
    await data(
      await api.post("/v1/chat_session/set_model", { robot_id: robot.id, model: "premium", chat_id: a.id }, auth),
    );
    const modelOf = async (chatId?: string) =>
      (
        await data(
          await api.request(`/v1/chat_session/model?robot_key=${robot.key}${chatId ? `&chat_id=${chatId}` : ""}`, {
            headers: auth,
          }),
        )
      ).current;
    expect(await modelOf(a.id)).toBe("premium");
    expect(await modelOf(b.id)).toBe("standard");
    // b is the latest.
    expect(await modelOf()).toBe("standard");
    // A new chat continues on the latest chat's model.
    await data(await api.post("/v1/chat_session/set_model", { robot_id: robot.id, model: "premium" }, auth));
    const c = await create(auth);
    expect(await modelOf(c.id)).toBe("premium");
  });

  it("rate-limits starting new chats", async () => {
    const { auth } = await signIn();
    for (let i = 0; i < CHATS_CREATED_PER_MINUTE; i++) await create(auth);
    const refused = await api.post("/v1/chat_session/create", { robot_id: robot.id }, auth);
    expect(refused.status).toBe(429);
    expect((await refused.json()).data.retry_after).toBeGreaterThan(0);
    expect(await list(auth)).toHaveLength(CHATS_CREATED_PER_MINUTE);
    const { auth: other } = await signIn();
    expect((await api.post("/v1/chat_session/create", { robot_id: 987_654_321 }, other)).status).toBe(404);
  });

  it("exports a chat as SillyTavern JSONL: a header line, the greeting, then every message", async () => {
    const { user, auth } = await signIn("Mira");
    const chat = await create(auth);
    await data(await api.post("/v1/chat_session/rename", { chat_id: chat.id, title: "Café talk" }, auth));
    const reply = await say(auth, 'Line one\nsays "hi"', chat.id);
    // Another chat with the character, newer: the export names its chat.
    await say(auth, "Other chat", (await create(auth)).id);

    const res = await api.request(`/v1/chat_session/export?robot_id=${robot.id}&chat_id=${chat.id}&format=jsonl`, {
      headers: auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/jsonl; charset=utf-8");
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename=".+\.jsonl"; filename\*=UTF-8''.+\.jsonl$/);
    expect(disposition).toContain(encodeURIComponent("Café talk"));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = await res.text();
    expect(body.endsWith("\n")).toBe(true);
    const lines = body
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toEqual({
      user_name: user.name,
      character_name: robot.name,
      create_date: expect.stringMatching(/^\d{4}-\d{1,2}-\d{1,2} @\d{2}h \d{2}m \d{2}s \d{2,3}ms$/),
      chat_metadata: {},
    });
    expect(lines.slice(1).map((l) => [l.name, l.is_user, l.mes])).toEqual([
      [robot.name, false, expect.any(String)],
      [user.name, true, 'Line one\nsays "hi"'],
      [robot.name, false, textOf(reply)],
    ]);
    expect(lines[1]!.mes).not.toContain("{{char}}");
    for (const line of lines.slice(1)) {
      expect(line.send_date).toMatch(/^\d{4}-\d{1,2}-\d{1,2} @\d{2}h \d{2}m \d{2}s \d{2,3}ms$/);
      expect(line.is_system).toBe(false);
    }
  });

  it("exports the latest chat as readable Markdown", async () => {
    const { user, auth } = await signIn("Nadia");
    const reply = await say(auth, "What is **bold**?");
    const res = await api.request(`/v1/chat_session/export?robot_id=${robot.id}&format=md`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/filename=".+\.md"/);
    const text = await res.text();
    expect(text.startsWith(`# Chat with ${robot.name}\n`)).toBe(true);
    expect(text).toContain(`- You: ${user.name}`);
    expect(text).toContain(`**${user.name}** · `);
    expect(text).toContain("What is **bold**?");
    expect(text.indexOf("What is **bold**?")).toBeLessThan(text.indexOf(textOf(reply)));
  });

  it("refuses an export without a chat, in an unknown format, or signed out", async () => {
    const { auth } = await signIn();
    const none = await api.request(`/v1/chat_session/export?robot_id=${robot.id}&format=md`, { headers: auth });
    expect(none.status).toBe(404);
    const format = await api.request(`/v1/chat_session/export?robot_id=${robot.id}&format=pdf`, { headers: auth });
    expect(format.status).toBe(400);
    expect((await api.request(`/v1/chat_session/export?robot_id=${robot.id}&format=md`)).status).toBe(401);
  });
});
