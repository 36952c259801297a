import { createHash } from "node:crypto";
import { recordVerifiedFile } from "@/server/modules/files/avatar-use";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DATA_CODES } from "@/lib/contracts/account-data";
import {
  authTokens,
  chatMemories,
  chatMessages,
  chatSessions,
  emailCodes,
  favorites,
  mailOutbox,
  orders,
  robots,
  sandboxSubscriptions,
  users,
  walletLedger,
} from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { DELETED_CREATOR } from "@/server/modules/account-data/delete-account";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createSession } from "@/server/modules/sessions/sessions";
import { creditCoins } from "@/server/modules/wallet/wallet";
import { avatarKey } from "@/server/providers/storage/storage-keys";
import type { StorageProvider } from "@/server/providers/storage/types";
import { buyAndPay, PLUS, POPULAR, seedBilling } from "./billing-support";
import { body, create, signIn, unlimitedStore, type Creator } from "./creation-support";
import { createTestApi, testLocalStorage, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const HOUR = 3600_000;

describe.each(testDrivers())("deleting an account on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let storage: StorageProvider;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedBilling(database.db);
    storage = testLocalStorage();
    api = createTestApi(database, {}, unlimitedStore(), undefined, undefined, storage);
  });
  afterAll(async () => database?.close());

  const keyOf = async (who: Creator) => {
    const [row] = await db().select({ key: users.key, email: users.email }).from(users).where(eq(users.id, who.id));
    return row!;
  };
  const remove = (who: Creator, confirm: string, via = api) => via.post("/v1/user/delete", { confirm }, who.auth);
  /** A verified avatar copy in storage, as /v1/file/verify leaves one; its URL. */
  /** A verified avatar in storage, verified by `userIds` (a character may show only an avatar its creator verified). */
  const storedAvatar = async (seed: string, ...userIds: string[]) => {
    const key = avatarKey(createHash("sha256").update(seed).digest("hex"));
    const bytes = new TextEncoder().encode(seed);
    await storage.put(key, bytes, { contentType: "image/webp", cacheControl: "no-store" });
    for (const userId of userIds)
      await recordVerifiedFile(db(), userId, { key, contentType: "image/webp", size: bytes.length });
    return { key, url: storage.publicUrl(key) };
  };
  const chatWith = async (userId: string, robotId: number) => {
    const [session] = await db().insert(chatSessions).values({ userId, robotId }).returning({ id: chatSessions.id });
    await db()
      .insert(chatMessages)
      .values([
        { sessionId: session!.id, role: "user", content: "Hello there" },
        { sessionId: session!.id, role: "assistant", content: "Hi!" },
      ]);
    await db()
      .insert(chatMemories)
      .values({ sessionId: session!.id, summary: "They met.", facts: ["likes tea"] });
    return session!.id;
  };

  it("removes the account's data, keeps its public characters and its orders and ledger anonymised", async () => {
    const ada = await signIn(database, "Ada");
    const bob = await signIn(database, "Bob");
    const { key, email } = await keyOf(ada);
    const secondSession = await createSession(db(), ada.id, true);

    // Files: Ada's face, her private character's avatar, her public character's avatar, and one Bob shows too.
    const face = await storedAvatar("ada-face", ada.id);
    const privateAvatar = await storedAvatar("ada-private", ada.id);
    const publicAvatar = await storedAvatar("ada-public", ada.id);
    const shared = await storedAvatar("shared", ada.id, bob.id);
    await db()
      .update(users)
      .set({ face: face.url, personaName: "Captain", personaDescription: "Tall" })
      .where(eq(users.id, ada.id));
    await db().update(users).set({ face: shared.url }).where(eq(users.id, bob.id));

    const kept = await create(api, ada, { tags: [], visibility: "public", avatar: publicAvatar.url });
    const unlisted = await create(api, ada, { tags: [], visibility: "unlisted" });
    const hidden = await create(api, ada, { tags: [], visibility: "private", avatar: privateAvatar.url });
    const alsoShared = await create(api, ada, { tags: [], visibility: "private", avatar: shared.url });
    const copy = await create(api, bob, { tags: [], copied_from: kept.id });
    const bobs = await create(api, bob, { tags: [] });
    await db().update(robots).set({ copiedFromCreator: "Ada" }).where(eq(robots.id, copy.id));

    // Ada's chats and favourite; Bob's chat with her public character.
    const adaChat = await chatWith(ada.id, bobs.id);
    const bobChat = await chatWith(bob.id, kept.id);
    expect((await api.post("/v1/user/favorites/add", { robot_id: bobs.id }, ada.auth)).status).toBe(200);
    const [favourited] = await db().select({ n: robots.favoriteCount }).from(robots).where(eq(robots.id, bobs.id));

    // Money: a paid coin package, then a premium reply's spend; 550 + 100 coins left.
    const orderCode = await buyAndPay(api, ada.auth, "buy_coin", POPULAR);
    await creditCoins(db(), ada.id, 100, "test credit", `test:${ada.id}`);

    // Mail, a code for her address, and someone else's.
    await db()
      .insert(mailOutbox)
      .values([
        { to: email!.toUpperCase(), subject: "Your code", text: "123456" },
        { to: "someone@example.test", subject: "Your code", text: "654321" },
      ]);
    await db()
      .insert(emailCodes)
      .values({ email: email!, type: 4, codeHash: "x", expiresAt: new Date(Date.now() + HOUR) });

    const res = await remove(ada, key.toUpperCase());
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({
      code: 0,
      msg: "success",
      data: { deleted: true, characters_deleted: 2, characters_kept: 2 },
    });

    // Sessions end at once, every one of them.
    expect((await api.request("/v1/user/info", { headers: ada.auth })).status).toBe(401);
    const other = { authorization: `Bearer ${secondSession.token}` };
    expect((await api.request("/v1/user/info", { headers: other })).status).toBe(401);
    expect(await db().select().from(authTokens).where(eq(authTokens.userId, ada.id))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.id, ada.id))).toEqual([]);

    // Chats, memory, favourites go; the favourite count follows.
    expect(await db().select().from(chatSessions).where(eq(chatSessions.id, adaChat))).toEqual([]);
    expect(await db().select().from(chatMemories).where(eq(chatMemories.sessionId, adaChat))).toEqual([]);
    expect(await db().select().from(favorites).where(eq(favorites.userId, ada.id))).toEqual([]);
    const [after] = await db().select({ n: robots.favoriteCount }).from(robots).where(eq(robots.id, bobs.id));
    expect(after!.n).toBe(favourited!.n - 1);

    // Private characters go; public and unlisted ones stay without a creator, with Bob's chat and copy.
    const left = await db()
      .select({ id: robots.id, creatorId: robots.creatorId })
      .from(robots)
      .where(inArray(robots.id, [kept.id, unlisted.id, hidden.id, alsoShared.id]));
    expect(left.sort((a, b) => a.id - b.id)).toEqual([
      { id: kept.id, creatorId: null },
      { id: unlisted.id, creatorId: null },
    ]);
    expect(await db().select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.id, bobChat))).toEqual([
      { id: bobChat },
    ]);
    const [copied] = await db().select().from(robots).where(eq(robots.id, copy.id));
    expect(copied).toMatchObject({ copiedFromId: kept.id, copiedFromCreator: DELETED_CREATOR });
    const detail = await body(await api.post("/v1/tag/robot/detail", { id: kept.id }));
    expect(detail.data).toMatchObject({ id: kept.id, creator: null });

    // Files: hers go; the one still shown by Bob's profile, and the kept character's, stay.
    expect(await storage.read(face.key, 1024)).toBeNull();
    expect(await storage.read(privateAvatar.key, 1024)).toBeNull();
    expect(await storage.read(publicAvatar.key, 1024)).not.toBeNull();
    expect(await storage.read(shared.key, 1024)).not.toBeNull();

    // Mail and codes to her address go; other mail stays.
    expect(
      await db()
        .select()
        .from(mailOutbox)
        .where(eq(sql`lower(${mailOutbox.to})`, email!.toLowerCase())),
    ).toEqual([]);
    expect(await db().select().from(emailCodes).where(eq(emailCodes.email, email!))).toEqual([]);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, "someone@example.test"))).toHaveLength(1);

    // Orders and the ledger stay, without the user; the balance is closed out by a last entry.
    const [order] = await db().select().from(orders).where(eq(orders.orderCode, orderCode));
    expect(order).toMatchObject({ userId: null, status: "paid", money: POPULAR.money });
    const ledger = await db()
      .select()
      .from(walletLedger)
      .where(inArray(walletLedger.reference, [`order:${orderCode}`, `test:${ada.id}`]));
    expect(ledger.map((e) => e.userId)).toEqual([null, null]);
    const [closing] = await db()
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.reason, "account deleted"), eq(walletLedger.delta, -(POPULAR.coin + 100))));
    expect(closing).toMatchObject({ userId: null, balanceAfter: 0 });
  });

  it("refuses a confirmation that is not the account's ID and deletes nothing", async () => {
    const cy = await signIn(database, "Cy");
    for (const wrong of ["delete", "", " "]) {
      const res = await remove(cy, wrong);
      expect(res.status).toBe(400);
      if (wrong === "delete") expect((await body(res)).code).toBe(ACCOUNT_DATA_CODES.CONFIRMATION_MISMATCH);
    }
    expect((await api.request("/v1/user/info", { headers: cy.auth })).status).toBe(200);
    expect((await api.post("/v1/user/delete", { confirm: "x" })).status).toBe(401);
  });

  it("limits deletion attempts per user", async () => {
    const limited = createTestApi(database, {}, createMemoryStore(), undefined, undefined, storage);
    const dee = await signIn(database, "Dee");
    for (let i = 0; i < 5; i++) expect((await remove(dee, "wrong", limited)).status).toBe(400);
    const refused = await remove(dee, (await keyOf(dee)).key, limited);
    expect(refused.status).toBe(429);
    expect((await api.request("/v1/user/info", { headers: dee.auth })).status).toBe(200);
  });

  it("cancels a renewing subscription at the provider before the account goes", async () => {
    const eve = await signIn(database, "Eve");
    await buyAndPay(api, eve.auth, "subscribe", PLUS);
    const [held] = await db()
      .select({ ref: sandboxSubscriptions.ref, cancel: sandboxSubscriptions.cancelAtPeriodEnd })
      .from(sandboxSubscriptions)
      .innerJoin(orders, eq(orders.orderCode, sandboxSubscriptions.orderCode))
      .where(eq(orders.userId, eve.id));
    expect(held!.cancel).toBe(false);
    expect((await remove(eve, (await keyOf(eve)).key)).status).toBe(200);
    const [after] = await db().select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.ref, held!.ref));
    expect(after!.cancelAtPeriodEnd).toBe(true);
  });

  it("keeps orders and the ledger when a user is deleted by SQL", async () => {
    const fay = await signIn(database, "Fay");
    const orderCode = await buyAndPay(api, fay.auth, "buy_coin", POPULAR);
    await db().execute(sql`delete from users where id = ${fay.id}`);
    const [order] = await db().select().from(orders).where(eq(orders.orderCode, orderCode));
    expect(order).toMatchObject({ userId: null, status: "paid" });
    const ledger = await db()
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.reference, `order:${orderCode}`));
    expect(ledger).toMatchObject([{ userId: null, delta: POPULAR.coin }]);
  });
});
