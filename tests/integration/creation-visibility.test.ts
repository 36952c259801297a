import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, chatSessions, favorites } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { listCreatorRobots } from "@/server/modules/catalogue/list-robots";
import { createMockProvider, type MockProvider } from "@/tests/support/mock-model";
import { body, create, signIn, unlimitedStore, type Creator } from "./creation-support";
import { chatStreamReader, readChatStream } from "./helpers/read-chat-stream";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const SAFE = { ageVerified: false, nsfw: false };

describe.each(testDrivers())("who sees the characters people create, on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let llm: MockProvider;
  let ada: Creator;
  let bob: Creator;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    invalidateCatalogue();
    llm = createMockProvider();
    api = createTestApi(database, {}, unlimitedStore(), llm);
    ada = await signIn(database, "Ada");
    bob = await signIn(database, "Bob");
  });
  afterAll(async () => database?.close());

  const ids = (page: { list: { id: number }[] }) => page.list.map((r) => r.id);
  const tagPage = async () =>
    (await body(await api.post("/v1/tag/robots", { tag_key: "mentors", page_size: 50 }))).data;
  const allPages = async () => {
    const found: number[] = [];
    for (let page = 1; ; page++) {
      const answer = (await body(await api.post("/v1/tag/robots", { page, page_size: 50 }))).data;
      found.push(...ids(answer));
      if (answer.list.length < 50) return found;
    }
  };
  const search = async (keyword: string, headers: Record<string, string> = {}) =>
    ids((await body(await api.post("/v1/robot/search", { keyword, page_size: 50 }, headers))).data);
  const chat = (who: Creator, robotId: number) =>
    api.post("/v1/chat_session/chat", { robot_id: robotId, message: "hi", model: "standard" }, who.auth);
  const history = (who: Creator, robotId: number) =>
    api.post("/v1/chat_session/history", { robot_id: robotId }, who.auth);
  const recent = async (who: Creator) =>
    (await body(await api.request("/v1/chat_session/recent_list", { headers: who.auth }))).data.list.map(
      (r: { robot: { id: number } }) => r.robot.id,
    );

  it("shows a public character at once in lists, search, tag pages and its creator's profile", async () => {
    await allPages(); // a cached listing from before must not hide it
    const made = await create(api, ada, { name: "Quillon Brightwater", tags: ["mentors"] });
    expect(await allPages()).toContain(made.id);
    expect(ids(await tagPage())).toContain(made.id);
    expect(await search("Quillon")).toContain(made.id);
    expect(ids(await listCreatorRobots(database.db, ada.id, { page: 1, pageSize: 50 }, SAFE))).toContain(made.id);
  });

  it("keeps an unlisted character out of every list, but its detail, chat, history and favourite work", async () => {
    const made = await create(api, ada, { name: "Umbriel Hiddenway", tags: ["mentors"], visibility: "unlisted" });
    expect(await allPages()).not.toContain(made.id);
    expect(ids(await tagPage())).not.toContain(made.id);
    expect(await search("Umbriel")).not.toContain(made.id);
    expect(ids(await listCreatorRobots(database.db, ada.id, { page: 1, pageSize: 50 }, SAFE))).not.toContain(made.id);
    const tags = (await body(await api.post("/v1/tag/detail", { key: "mentors" }))).data;
    const before = tags.robot_count;
    expect(before).toBe((await tagPage()).total);

    expect((await body(await api.post("/v1/tag/robot/detail", { id: made.id }))).data).toMatchObject({
      visibility: "unlisted",
    });
    const stream = await readChatStream(await chat(bob, made.id));
    expect(stream.messages.at(-1)?.type).toBe("end");
    expect((await body(await history(bob, made.id))).data.list).toHaveLength(2);
    expect(await recent(bob)).toContain(made.id);
    expect((await api.post("/v1/user/favorites/add", { robot_id: made.id }, bob.auth)).status).toBe(200);
    const favs = (await body(await api.post("/v1/user/favorites/list", {}, bob.auth))).data;
    expect(ids(favs)).toContain(made.id);
  });

  it("shows a private character to its creator only: 404 for anyone else's detail, definition, chat, history", async () => {
    const made = await create(api, ada, { name: "Privet Solitaire", visibility: "private" });
    expect(await search("Privet", ada.auth)).not.toContain(made.id);
    expect((await body(await api.post("/v1/tag/robot/detail", { id: made.id }, ada.auth))).data).toMatchObject({
      visibility: "private",
    });
    expect((await api.post("/v1/tag/robot/detail", { id: made.id })).status).toBe(404);
    expect((await api.post("/v1/tag/robot/detail", { id: made.id }, bob.auth)).status).toBe(404);
    expect((await api.post("/v1/robot/definition", { id: made.id }, bob.auth)).status).toBe(404);
    expect((await chat(bob, made.id)).status).toBe(404);
    expect((await history(bob, made.id)).status).toBe(404);
    expect((await api.post("/v1/user/favorites/add", { robot_id: made.id }, bob.auth)).status).toBe(404);
    expect(
      (await api.post("/v1/chat_session/set_model", { robot_id: made.id, model: "standard" }, bob.auth)).status,
    ).toBe(404);
    const own = await readChatStream(await chat(ada, made.id));
    expect(own.messages.at(-1)?.type).toBe("end");
    expect(await recent(ada)).toContain(made.id);
  });

  it("hides a character made private from those who chatted with it: history 404, gone from recent chats", async () => {
    const made = await create(api, ada, { name: "Turncoat", visibility: "public" });
    await readChatStream(await chat(bob, made.id));
    expect(await recent(bob)).toContain(made.id);
    const update = { ...(await body(await api.post("/v1/robot/definition", { id: made.id }, ada.auth))).data };
    const input = { ...update, tags: [], visibility: "private" };
    for (const key of ["key", "copied_from", "creator", "is_owner", "created_at", "updated_at"]) delete input[key];
    expect((await api.post("/v1/user/robot/update", input, ada.auth)).status).toBe(200);
    expect((await history(bob, made.id)).status).toBe(404);
    expect(await recent(bob)).not.toContain(made.id);
  });

  it("deletes a character everywhere: lists, search, tag pages, favourites, recent chats, its history", async () => {
    const made = await create(api, ada, { name: "Evanescent Marlowe", tags: ["mentors"] });
    await readChatStream(await chat(bob, made.id));
    await api.post("/v1/user/favorites/add", { robot_id: made.id }, bob.auth);
    expect(await search("Evanescent")).toContain(made.id);
    expect(ids(await tagPage())).toContain(made.id);
    const [session] = await database.db.select().from(chatSessions).where(eq(chatSessions.robotId, made.id));

    const res = await api.post("/v1/user/robot/delete", { id: made.id }, ada.auth);
    expect((await body(res)).data).toEqual({ id: made.id, deleted: true });
    expect(await search("Evanescent")).not.toContain(made.id);
    expect(ids(await tagPage())).not.toContain(made.id);
    expect(await allPages()).not.toContain(made.id);
    expect(ids((await body(await api.post("/v1/user/favorites/list", {}, bob.auth))).data)).not.toContain(made.id);
    expect(await recent(bob)).not.toContain(made.id);
    expect((await history(bob, made.id)).status).toBe(404);
    expect((await api.post("/v1/tag/robot/detail", { id: made.id })).status).toBe(404);
    expect(await database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session!.id))).toEqual([]);
    expect(await database.db.select().from(favorites).where(eq(favorites.robotId, made.id))).toEqual([]);
  });

  it("ends a reply that is streaming when its character is deleted with an error frame and close", async () => {
    const made = await create(api, ada, { name: "Mid Sentence" });
    llm.setScript({ chunks: ["Once", " upon", " a time"], holdAfterChunks: 1 });
    const reader = chatStreamReader(await chat(bob, made.id));
    await reader.until((m) => m.type === "delta");
    expect((await api.post("/v1/user/robot/delete", { id: made.id }, ada.auth)).status).toBe(200);
    llm.release();
    const rest = await reader.rest();
    expect(rest.closed).toBe(true);
    const last = rest.messages.at(-1)!;
    expect(last.type).toBe("error");
    expect(last).toMatchObject({ message: null });
    llm.setScript({});
    // The API goes on answering.
    expect((await api.post("/v1/tag/robots", {})).status).toBe(200);
  });
});
