import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, chatSessions, robots, users } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { getPublicProfile } from "@/server/modules/accounts/public-profile";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/**
 * Avatars come from this site's avatar route or an AVATAR_HOSTS host (lib/format/avatar-url.ts). What was
 * stored before the rule, or written around it, is replaced when shown: a character's by the avatar generated
 * from its key, a user's by none (the page draws the initial).
 */
describe.each(testDrivers())("avatar URLs on %s", (driver) => {
  let database: DbHandle;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
  });
  afterAll(async () => database?.close());

  it("refuses a face on a host not in AVATAR_HOSTS with a 400, and takes one that is", async () => {
    const { token } = await createUserWithSession(database.db);
    const auth = { authorization: `Bearer ${token}` };
    const body = { name: "Ann", sex: -1, key: `ann_${Date.now().toString(36)}` };
    const closed = createTestApi(database);
    const refused = await closed.post("/v1/user/update", { ...body, face: "https://cdn.example.test/a.png" }, auth);
    expect(refused.status).toBe(400);
    expect((await refused.json()).msg).toContain("'face'");
    const own = await closed.post("/v1/user/update", { ...body, face: "/v1/avatar/lorelei/ann.svg" }, auth);
    expect((await own.json()).data.face).toBe("/v1/avatar/lorelei/ann.svg");

    const open = createTestApi(database, { AVATAR_HOSTS: "cdn.example.test" });
    const taken = await open.post("/v1/user/update", { ...body, face: "https://cdn.example.test/a.png" }, auth);
    expect(taken.status).toBe(200);
    expect((await taken.json()).data.face).toBe("https://cdn.example.test/a.png");
  });

  it("shows a stored face outside the rule as none, everywhere a user's face is sent", async () => {
    const { user, token } = await createUserWithSession(database.db);
    await database.db.update(users).set({ face: "https://tracker.example.test/p.png" }).where(eq(users.id, user.id));
    const [robot] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    await database.db.update(robots).set({ creatorId: user.id }).where(eq(robots.id, robot!.id));

    const api = createTestApi(database);
    const info = await api.request("/v1/user/info", { headers: { authorization: `Bearer ${token}` } });
    expect((await info.json()).data.face).toBe("");
    const detail = await (await api.post("/v1/tag/robot/detail", { id: robot!.id })).json();
    expect(detail.data.creator.face).toBe("");
    expect((await getPublicProfile(database.db, user.key))?.face).toBe("");

    // Once the operator lists the host, the same stored face shows.
    const listed = createTestApi(database, { AVATAR_HOSTS: "tracker.example.test" });
    const again = await listed.request("/v1/user/info", { headers: { authorization: `Bearer ${token}` } });
    expect((await again.json()).data.face).toBe("https://tracker.example.test/p.png");
  });

  it("shows a character's stored avatar outside the rule as its generated avatar", async () => {
    const [robot] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    await database.db.update(robots).set({ avatar: "javascript:alert(1)" }).where(eq(robots.id, robot!.id));
    invalidateCatalogue();
    const api = createTestApi(database);
    const generated = `/v1/avatar/bottts/${encodeURIComponent(robot!.key)}.svg`;
    const detail = await (await api.post("/v1/tag/robot/detail", { id: robot!.id })).json();
    expect(detail.data.avatar).toBe(generated);
    const list = await (await api.post("/v1/robot/search", { keyword: robot!.name, page_size: 50 })).json();
    expect(list.data.list.find((r: { id: number }) => r.id === robot!.id)?.avatar).toBe(generated);
    const { user, token } = await createUserWithSession(database.db);
    const [session] = await database.db
      .insert(chatSessions)
      .values({ userId: user.id, robotId: robot!.id })
      .returning();
    await database.db.insert(chatMessages).values({ sessionId: session!.id, role: "user", content: "hi" });
    const headers = { authorization: `Bearer ${token}` };
    const recent = await (await api.request("/v1/chat_session/recent_list", { headers })).json();
    expect(recent.data.list[0].robot.avatar).toBe(generated);
    // The seeded avatars (this site's route) are untouched.
    const page = await (await api.post("/v1/tag/robots", { page_size: 50 })).json();
    for (const card of page.data.list as Array<{ avatar: string }>) {
      expect(card.avatar).toMatch(/^\/v1\/avatar\/[a-z-]+\/[^/]+\.svg$/);
    }
  });
});
