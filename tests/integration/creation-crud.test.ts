import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHARACTER_MESSAGES } from "@/lib/validation/character-rules";
import { robots, robotTags } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { ADULT, body, characterInput, create, signIn, unlimitedStore, type Creator } from "./creation-support";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("creating, editing and deleting characters on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let ada: Creator;
  let bob: Creator;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    invalidateCatalogue();
    api = createTestApi(database, {}, unlimitedStore());
    ada = await signIn(database, "Ada");
    bob = await signIn(database, "Bob");
  });
  afterAll(async () => database?.close());

  it("creates a character with a key from its name, a generated avatar, its tags and tag text", async () => {
    const made = await create(api, ada, { tags: ["sci-fi", "fantasy"], visibility: "unlisted" });
    expect(made).toMatchObject({
      name: "Captain Nova",
      intro: "A starship pilot who never lands.",
      alternate_greetings: ["Back again?"],
      visibility: "unlisted",
      is_owner: true,
      copied_from: null,
      creator: { name: "Ada" },
      card: { extensions: {}, character_book: null, creator_notes: "" },
    });
    expect(made.key).toMatch(/^captain-nova-[0-9a-f]{6}$/);
    expect(made.avatar).toBe(`/v1/avatar/bottts/${made.key}.svg`);
    expect((made.tags as { key: string }[]).map((t) => t.key).sort()).toEqual(["fantasy", "sci-fi"]);
    const [row] = await database.db.select().from(robots).where(eq(robots.id, made.id));
    expect(row?.tagText.split(" ").sort()).toEqual(["Fantasy", "Sci-Fi"]);
    expect(row?.creatorId).toBe(ada.id);
    const links = await database.db.select().from(robotTags).where(eq(robotTags.robotId, made.id));
    expect(links).toHaveLength(2);
  });

  it("needs a signed-in user for create, update, delete and the own list", async () => {
    expect((await api.post("/v1/user/robot/create", characterInput())).status).toBe(401);
    expect((await api.post("/v1/user/robot/update", { ...characterInput(), id: 1 })).status).toBe(401);
    expect((await api.post("/v1/user/robot/delete", { id: 1 })).status).toBe(401);
    expect((await api.request("/v1/user/robot/list")).status).toBe(401);
  });

  it("updates every field for its creator and keeps the kept card data unless it is sent", async () => {
    const card = { extensions: { app: { x: 1 } }, character_book: { name: "Lore", entries: [] } };
    const made = await create(api, ada, { card });
    const res = await api.post(
      "/v1/user/robot/update",
      {
        ...characterInput({ name: "Nova Prime", tags: ["fantasy"], alternate_greetings: [], nsfw: true }),
        id: made.id,
      },
      ada.auth,
    );
    expect(res.status).toBe(200);
    const updated = (await body(res)).data;
    expect(updated).toMatchObject({
      id: made.id,
      key: made.key,
      name: "Nova Prime",
      nsfw: true,
      alternate_greetings: [],
      tags: [{ key: "fantasy", name: "Fantasy" }],
      card: { extensions: { app: { x: 1 } }, character_book: { name: "Lore", entries: [] } },
    });
    const [row] = await database.db.select().from(robots).where(eq(robots.id, made.id));
    expect(row?.tagText).toBe("Fantasy");
    expect(updated.updated_at).toBeGreaterThanOrEqual(made.created_at as number);
  });

  it("refuses someone else's update and delete with 403 40302, and 404s a private one or a missing one", async () => {
    const shared = await create(api, ada);
    const hidden = await create(api, ada, { visibility: "private" });
    const update = (id: number, who: Creator) =>
      api.post("/v1/user/robot/update", { ...characterInput({ name: "Mine now" }), id }, who.auth);
    for (const res of [
      await update(shared.id, bob),
      await api.post("/v1/user/robot/delete", { id: shared.id }, bob.auth),
    ]) {
      expect(res.status).toBe(403);
      expect(await body(res)).toMatchObject({ code: 40302, data: null });
    }
    expect((await update(hidden.id, bob)).status).toBe(404);
    expect((await api.post("/v1/user/robot/delete", { id: hidden.id }, bob.auth)).status).toBe(404);
    expect((await update(999_999_999, ada)).status).toBe(404);
    const [row] = await database.db.select().from(robots).where(eq(robots.id, shared.id));
    expect(row?.name).toBe("Captain Nova");
  });

  it("lists the user's own characters of every visibility, newest first, with the total", async () => {
    const carol = await signIn(database, "Carol");
    const a = await create(api, carol, { name: "First", visibility: "public" });
    const b = await create(api, carol, { name: "Second", visibility: "unlisted" });
    const c = await create(api, carol, { name: "Third", visibility: "private" });
    await create(api, bob, { name: "Not Carol's" });
    const page = (await body(await api.request("/v1/user/robot/list?page=1&page_size=2", { headers: carol.auth })))
      .data;
    expect(page.total).toBe(3);
    expect(page.list.map((r: { id: number }) => r.id)).toEqual([c.id, b.id]);
    expect(page.list[0]).toMatchObject({ visibility: "private", name: "Third", tags: [{ key: "sci-fi" }] });
    const second = (await body(await api.request("/v1/user/robot/list?page=2&page_size=2", { headers: carol.auth })))
      .data;
    expect(second.list.map((r: { id: number }) => r.id)).toEqual([a.id]);
  });

  it("answers the definition to its creator always, to others for public and unlisted ones only", async () => {
    const unlisted = await create(api, ada, { visibility: "unlisted", card: { creator_notes: "notes" } });
    const hidden = await create(api, ada, { visibility: "private" });
    const definition = (id: number, headers: Record<string, string> = {}) =>
      api.post("/v1/robot/definition", { id }, headers);
    expect((await body(await definition(hidden.id, ada.auth))).data).toMatchObject({ id: hidden.id, is_owner: true });
    expect((await definition(hidden.id, bob.auth)).status).toBe(404);
    expect((await definition(hidden.id)).status).toBe(404);
    const seen = (await body(await definition(unlisted.id))).data;
    expect(seen).toMatchObject({
      is_owner: false,
      persona: "Nova is brave and quick.",
      card: { creator_notes: "notes" },
    });
    const nsfw = await create(api, ada, { nsfw: true });
    const gated = await definition(nsfw.id, bob.auth);
    expect(gated.status).toBe(403);
    expect((await body(gated)).code).toBe(40301);
    expect((await definition(nsfw.id, { ...bob.auth, ...ADULT })).status).toBe(200);
  });

  it("copies a public or unlisted character with a credit that outlives the original", async () => {
    const original = await create(api, ada, { name: "Original", visibility: "unlisted" });
    const copy = await create(api, bob, { name: "My Copy", copied_from: original.id });
    expect(copy.copied_from).toEqual({ id: original.id, name: "Original", creator_name: "Ada" });
    const detail = (await body(await api.post("/v1/tag/robot/detail", { id: copy.id }))).data;
    expect(detail).toMatchObject({ visibility: "public", copied_from: { id: original.id, name: "Original" } });
    const hidden = await create(api, ada, { visibility: "private" });
    const refused = await api.post("/v1/user/robot/create", { ...characterInput(), copied_from: hidden.id }, bob.auth);
    expect(refused.status).toBe(404);
    expect((await api.post("/v1/user/robot/delete", { id: original.id }, ada.auth)).status).toBe(200);
    const after = (await body(await api.post("/v1/robot/definition", { id: copy.id }, bob.auth))).data;
    expect(after.copied_from).toEqual({ id: null, name: "Original", creator_name: "Ada" });
  });

  it("refuses bad input: an unknown tag, an avatar not allowed, too long text, NUL, card data over 256 KB", async () => {
    const post = (input: Record<string, unknown>) => api.post("/v1/user/robot/create", input, ada.auth);
    const unknownTag = await post({ ...characterInput(), tags: ["no-such-tag"] });
    expect(unknownTag.status).toBe(400);
    expect(await body(unknownTag)).toMatchObject({ code: 40013 });
    for (const avatar of ["http://example.com/a.png", "javascript:alert(1)", "https://evil.example/a.png"]) {
      const res = await post({ ...characterInput(), avatar });
      expect(res.status, avatar).toBe(400);
      expect((await body(res)).code, avatar).toBe(40012);
    }
    const tooLong: Array<[string, unknown]> = [
      ["name", "n".repeat(61)],
      ["intro", "i".repeat(501)],
      ["greeting", "g".repeat(4001)],
      ["persona", "p".repeat(8001)],
      ["alternate_greetings", Array.from({ length: 11 }, () => "hi")],
      ["tags", ["a", "b", "c", "d", "e", "f"]],
    ];
    for (const [field, value] of tooLong) {
      const res = await post({ ...characterInput(), [field]: value });
      expect(res.status, field).toBe(400);
      expect((await body(res)).msg, field).toContain(field);
    }
    const nul = await post({ ...characterInput(), persona: "a\u0000b" });
    expect(nul.status).toBe(400);
    const big = await post({
      ...characterInput(),
      card: { character_book: { entries: [{ content: "z".repeat(257 * 1024) }] } },
    });
    expect(big.status).toBe(400);
    expect((await body(big)).msg).toContain("256 KB");
  });

  it("keeps the hard limits in the database too", async () => {
    const [row] = await database.db.select({ id: robots.id }).from(robots).limit(1);
    const tooLong = database.db.execute(sql`update robots set intro = ${"x".repeat(501)} where id = ${row!.id}`);
    await expect(tooLong).rejects.toThrow();
    const bad = database.db.execute(sql`update robots set visibility = 'secret' where id = ${row!.id}`);
    await expect(bad).rejects.toThrow();
    const many = JSON.stringify(Array.from({ length: 11 }, () => "hi"));
    const greetings = database.db.execute(
      sql`update robots set alternate_greetings = ${many}::jsonb where id = ${row!.id}`,
    );
    await expect(greetings).rejects.toThrow();
  });

  it("limits creations and edits per user with 429 42905 and retry_after", async () => {
    const limited = createTestApi(database, {}, createMemoryStore());
    const dan = await signIn(database, "Dan");
    let last: { id: number } | undefined;
    for (let i = 0; i < 10; i++) last = await create(limited, dan, { name: `Dan ${i}` });
    const refused = await limited.post("/v1/user/robot/create", characterInput(), dan.auth);
    expect(refused.status).toBe(429);
    const answer = await body(refused);
    expect(answer).toMatchObject({ code: 42905 });
    expect(answer.data.retry_after).toBeGreaterThan(0);
    // Someone else still may.
    await create(limited, await signIn(database, "Eve"));
    for (let i = 0; i < 60; i++) {
      const res = await limited.post("/v1/user/robot/update", { ...characterInput(), id: last!.id }, dan.auth);
      expect(res.status).toBe(200);
    }
    const edit = await limited.post("/v1/user/robot/update", { ...characterInput(), id: last!.id }, dan.auth);
    expect(edit.status).toBe(429);
    expect((await body(edit)).code).toBe(42905);
  });

  it("tells whether another public or unlisted character has a name, leaving out exclude_id and private ones", async () => {
    const exists = async (input: Record<string, unknown>) =>
      (await body(await api.post("/v1/tag/robot/exists", input))).data.exists as boolean;
    const named = await create(api, ada, { name: "Zephyrine Unique", visibility: "unlisted" });
    await create(api, ada, { name: "Secret Zed", visibility: "private" });
    expect(await exists({ name: "zephyrine unique" })).toBe(true);
    expect(await exists({ name: "Zephyrine Unique", exclude_id: named.id })).toBe(false);
    expect(await exists({ name: "Secret Zed" })).toBe(false);
    expect(await exists({ id: named.id })).toBe(true);
  });

  it("compares names without zero-width and format characters, and refuses invisible and bidi names", async () => {
    const exists = async (name: string) =>
      (await body(await api.post("/v1/tag/robot/exists", { name }))).data.exists as boolean;
    await create(api, ada, { name: "PubBot Quill" });
    expect(await exists("PubBot Quill\u200B")).toBe(true);
    expect(await exists("pub\u00ADbot\u2060 quill\u{E0020}")).toBe(true);
    expect(await exists("PubBot Quil")).toBe(false);
    await create(api, ada, { name: "Zer\u200Bo Width" });
    expect(await exists("zero width")).toBe(true);
    for (const [name, message] of [
      ["\u200B", CHARACTER_MESSAGES.nameRequired],
      ["\u200D\uFEFF\u034F", CHARACTER_MESSAGES.nameRequired],
      ["\u202Egnp.exe", CHARACTER_MESSAGES.nameDirection],
      ["Bot\u2066", CHARACTER_MESSAGES.nameDirection],
    ] as const) {
      const res = await api.post("/v1/user/robot/create", characterInput({ name }), ada.auth);
      expect(res.status, name).toBe(400);
      expect((await body(res)).msg, name).toContain(message);
    }
  });
});
