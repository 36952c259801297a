import { unzipSync, strFromU8 } from "fflate";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCardFromPng } from "@/lib/cards/card-png";
import { chatMemories, chatMessages, chatSessions, users } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { create, signIn, unlimitedStore, type Creator } from "./creation-support";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("the account's archive on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    api = createTestApi(database, {}, unlimitedStore());
  });
  afterAll(async () => database?.close());

  const download = (who: Creator, via = api) => via.request("/v1/user/export", { headers: who.auth });
  const chatWith = async (userId: string, robotId: number, title: string | null, lines: string[]) => {
    const [session] = await db()
      .insert(chatSessions)
      .values({ userId, robotId, title })
      .returning({ id: chatSessions.id });
    await db()
      .insert(chatMessages)
      .values(lines.map((content, i) => ({ sessionId: session!.id, role: i % 2 ? "assistant" : "user", content })));
    return session!.id;
  };

  it("holds the profile, each character's card and each chat, and opens as a zip", async () => {
    const ada = await signIn(database, "Ada");
    const bob = await signIn(database, "Bob");
    await db().update(users).set({ personaName: "Captain" }).where(eq(users.id, ada.id));
    const nova = await create(api, ada, { tags: [], name: "Nova", visibility: "public" });
    const secret = await create(api, ada, { tags: [], name: "Secret / Ünïcode", visibility: "private", nsfw: true });
    const bobs = await create(api, bob, { tags: [], name: "Bobbot" });
    const first = await chatWith(ada.id, nova.id, "Our trip", ["Where to?", "The stars."]);
    const second = await chatWith(ada.id, bobs.id, null, ["Hello Bob", "Hi Ada"]);
    await db()
      .insert(chatMemories)
      .values({ sessionId: second, summary: "They greeted.", facts: ["Ada likes tea"] });
    // Bob's own chat is not in Ada's archive.
    await chatWith(bob.id, nova.id, null, ["Bob was here"]);

    const res = await download(ada);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="kewl-u_[0-9a-f]+-\d{4}-\d\d-\d\d\.zip"/,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));

    const profile = JSON.parse(strFromU8(files["profile.json"]!));
    expect(profile.profile).toMatchObject({ uid: ada.id, name: "Ada" });
    expect(profile.persona).toEqual({ name: "Captain", description: "" });
    expect(profile.characters.map((c: { id: number }) => c.id)).toEqual([nova.id, secret.id]);
    expect(profile.chats.map((c: { id: string }) => c.id)).toEqual([first, second]);
    expect(profile.chats[1].memory).toEqual({ summary: "They greeted.", facts: ["Ada likes tea"] });

    const names = Object.keys(files).sort();
    expect(names).toHaveLength(1 + 2 + 2);
    for (const character of profile.characters as { id: number; name: string; file: string }[]) {
      expect(names).toContain(character.file);
      const card = readCardFromPng(files[character.file]!);
      expect(card?.keyword).toBe("ccv3");
      expect(JSON.parse(card!.json).data.name).toBe(character.name);
    }
    expect(profile.characters[1].file).toBe(`characters/Secret _ Ünïcode-${secret.id}.png`);

    const chatFiles = profile.chats.map((c: { file: string }) => c.file) as string[];
    const [trip, hello] = chatFiles.map((name) =>
      strFromU8(files[name]!)
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    );
    expect(trip![0]).toMatchObject({ user_name: "Captain", character_name: "Nova" });
    expect(trip!.slice(1).map((l) => l.mes)).toEqual(["Strap in, cadet.", "Where to?", "The stars."]);
    expect(hello![0]).toMatchObject({ character_name: "Bobbot" });
    expect(hello!.slice(2).map((l) => l.mes)).toEqual(["Hello Bob", "Hi Ada"]);
    expect(chatFiles.join()).not.toContain("Bob was here");
  });

  it("needs a session and is limited per user", async () => {
    expect((await api.request("/v1/user/export")).status).toBe(401);
    const limited = createTestApi(database, {}, createMemoryStore());
    const cy = await signIn(database, "Cy");
    for (let i = 0; i < 5; i++) {
      const res = await download(cy, limited);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const refused = await download(cy, limited);
    expect(refused.status).toBe(429);
    expect((await refused.json()).data.retry_after).toBeGreaterThan(0);
  });
});
