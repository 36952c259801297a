import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTokens, chatMessages, chatModels, robots } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { enabledModels } from "@/server/modules/chat/chat-models";
import { readReplyContext } from "@/server/modules/chat/reply-context";
import { storeTurn } from "@/server/modules/chat/store-turn";
import { creditCoins } from "@/server/modules/wallet/wallet";
import { createSession, revokeSession } from "@/server/modules/sessions/sessions";
import { createRobotAndModel, createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const adult = { ageVerified: true } as Parameters<typeof readReplyContext>[3];
const minor = { ageVerified: false } as Parameters<typeof readReplyContext>[3];

describe.each(testDrivers())("a reply's context read on %s", (driver) => {
  let database: DbHandle;
  let robotId: number;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    robotId = await createRobotAndModel(database.db, `ctx-${driver}`, "Ctx", "ctx-std");
  });
  afterAll(async () => database?.close());

  it("reads the same enabled models, in the same order, as enabledModels()", async () => {
    const { token } = await createUserWithSession(database.db);
    await database.db.insert(chatModels).values([
      {
        key: "ctx-b",
        name: "B",
        providerModel: "b",
        sort: 5,
        coinCost: 3,
        premium: true,
        contextTokens: 1000,
        maxReplyTokens: 100,
      },
      { key: "ctx-a", name: "A", providerModel: "a", sort: 5 },
      { key: "ctx-off", name: "Off", providerModel: "off", enabled: false },
    ]);
    try {
      const context = await readReplyContext(database.db, token, robotId, adult);
      expect(context.models).toEqual(await enabledModels(database.db));
      expect(context.models.map((m) => m.key)).toContain("ctx-b");
      expect(context.models.map((m) => m.key)).not.toContain("ctx-off");
    } finally {
      await database.db.delete(chatModels).where(sql`${chatModels.key} in ('ctx-a', 'ctx-b', 'ctx-off')`);
    }
  });

  it("reads the chat's shown turns oldest first, and the user's balance, allowance and subscription", async () => {
    const { user, token } = await createUserWithSession(database.db);
    const empty = await readReplyContext(database.db, token, robotId, adult);
    expect(empty).toMatchObject({ session: null, turns: [], balance: 0, freeUsed: 0, plan: null });

    await creditCoins(database.db, user.id, 7, "test", `ctx-${user.id}`);
    for (const message of ["first", "second"]) {
      const turn = await storeTurn(database.db, {
        userId: user.id,
        robotId,
        modelKey: "ctx-std",
        message,
        price: { kind: "allowance" },
        dailyLimit: 10,
        day: empty.day,
      });
      await database.db
        .update(chatMessages)
        .set({ content: `re: ${message}`, status: "complete" })
        .where(eq(chatMessages.id, turn.assistantId));
    }
    // a reply still being written is not history yet
    await storeTurn(database.db, {
      userId: user.id,
      robotId,
      modelKey: "ctx-std",
      message: "third",
      price: { kind: "allowance" },
      dailyLimit: 10,
      day: empty.day,
    });

    // a swipe that is not the chosen one is not what the model sees
    const [chosen] = await database.db.select().from(chatMessages).where(eq(chatMessages.content, "re: second"));
    await database.db.insert(chatMessages).values({
      sessionId: chosen!.sessionId,
      role: "assistant",
      content: "re: second, another swipe",
      swipeGroup: chosen!.id,
      chosen: false,
    });

    const context = await readReplyContext(database.db, token, robotId, adult);
    expect(context.session).toMatchObject({ modelKey: "ctx-std" });
    const ids = context.turns.map((t) => t.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(context.turns.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: "user", content: "first" },
      { role: "assistant", content: "re: first" },
      { role: "user", content: "second" },
      { role: "assistant", content: "re: second" },
      { role: "user", content: "third" },
    ]);
    expect(context).toMatchObject({ balance: 7, freeUsed: 3, plan: null });
  });

  it("refuses characters the user cannot see, and NSFW ones before the age check", async () => {
    const { token } = await createUserWithSession(database.db);
    const { user: other, token: otherToken } = await createUserWithSession(database.db);
    const [hidden] = await database.db
      .insert(robots)
      .values({ key: `ctx-p-${driver}`, name: "P", greeting: "Hi", visibility: "private", creatorId: other.id })
      .returning({ id: robots.id });
    const [nsfw] = await database.db
      .insert(robots)
      .values({ key: `ctx-n-${driver}`, name: "N", greeting: "Hi", nsfw: true })
      .returning({ id: robots.id });
    await expect(readReplyContext(database.db, token, hidden!.id, adult)).rejects.toMatchObject({ status: 404 });
    await expect(readReplyContext(database.db, otherToken, hidden!.id, adult)).resolves.toMatchObject({
      character: { name: "P" },
    });
    await expect(readReplyContext(database.db, token, nsfw!.id, minor)).rejects.toMatchObject({ status: 403 });
    await expect(readReplyContext(database.db, token, nsfw!.id, adult)).resolves.toMatchObject({
      character: { name: "N" },
    });
  });

  it("resolves the session's user in the same read, and refuses dead tokens with 401", async () => {
    const { user, token } = await createUserWithSession(database.db, "Reader");
    const context = await readReplyContext(database.db, token, robotId, adult);
    expect(context.user).toEqual({
      id: user.id,
      key: user.key,
      name: "Reader",
      face: user.face,
      sex: user.sex,
      email: user.email,
    });

    await expect(readReplyContext(database.db, "x".repeat(43), robotId, adult)).rejects.toMatchObject({ status: 401 });
    // a dead token is refused before the character is looked at
    await expect(readReplyContext(database.db, "x".repeat(43), 987_654_321, adult)).rejects.toMatchObject({
      status: 401,
    });

    const expired = await createSession(database.db, user.id, false);
    await database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, user.id));
    await expect(readReplyContext(database.db, expired.token, robotId, adult)).rejects.toMatchObject({ status: 401 });

    const revoked = await createSession(database.db, user.id, true);
    await revokeSession(database.db, revoked.token);
    await expect(readReplyContext(database.db, revoked.token, robotId, adult)).rejects.toMatchObject({ status: 401 });
  });
});
