import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RET } from "@/lib/contracts/accounts";
import { knownDevices, users } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { KNOWN_DEVICES_PER_USER, rememberDevice } from "@/server/modules/accounts/known-devices";
import { passwords } from "@/server/modules/crypto/passwords";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import {
  accountsEnv,
  encryptPassword,
  publicKey,
  randomIp,
  registerAccount,
  report,
  tempDataDir,
  uniqueEmail,
  type Inner,
} from "./accounts-support";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const LIMITED = { ret: RET.RATE_LIMITED, status: RET.RATE_LIMITED, msg: "Too many attempts. Please try again later." };
const RIGHT = "right-password";
const newDevice = () => randomBytes(16).toString("hex");

describe.each(testDrivers())("accounts: sign-in back-off and known devices on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let dataDir: string;
  let pem: string;
  /** The store's clock: advanced by the tests, never waited for. */
  let now = Date.now();
  const advance = (seconds: number) => {
    now += seconds * 1000;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dataDir = tempDataDir();
    api = createTestApi(
      database,
      accountsEnv(dataDir),
      createMemoryStore(() => now),
    );
    pem = await publicKey(api);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** verify_login as the browser sends it: the password encrypted, the device id when there is one. */
  const signIn = (email: string, password: string, opts: { ip?: string; device?: string } = {}): Promise<Inner> =>
    report(
      api,
      "/2/api/user/verify_login",
      { name: email, verify_pwd: encryptPassword(pem, password), devtype: "web", device_id: opts.device },
      opts.ip ?? randomIp(),
    );

  const retryAfter = (answer: Inner): number => {
    expect(answer).toMatchObject(LIMITED);
    return Number(answer.data?.retry_after);
  };

  /** `count` wrong passwords from fresh addresses (and no device), waiting out the back-off between them. */
  const attack = async (email: string, count: number) => {
    for (let i = 0; i < count; i++) {
      let answer = await signIn(email, "wrong-password");
      if (answer.ret === RET.RATE_LIMITED) {
        advance(retryAfter(answer));
        answer = await signIn(email, "wrong-password");
      }
      expect(answer.ret).toBe(RET.PASSWORD_ERROR);
    }
  };

  const userId = async (email: string) => {
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  };
  const deviceRows = async (email: string) =>
    database.db
      .select()
      .from(knownDevices)
      .where(eq(knownDevices.userId, await userId(email)));

  it("backs the account off after 10 wrong passwords, doubling from 1 s to 15 minutes, from one address or many", async () => {
    const email = uniqueEmail("victim");
    await registerAccount(api, email, RIGHT);
    const verify = vi.spyOn(passwords, "verify");

    const ip = randomIp(); // one address: 10 failures fit its 10-a-minute limit
    for (let i = 0; i < 10; i++) expect((await signIn(email, "wrong-password", { ip })).ret).toBe(RET.PASSWORD_ERROR);
    expect(verify).toHaveBeenCalledTimes(10);
    expect(retryAfter(await signIn(` ${email.toUpperCase()} `, RIGHT))).toBe(1); // one account whatever the case

    // Then from a new address each time: the account's wait doubles after each failure, read from the answers.
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const wait = retryAfter(await signIn(email, RIGHT));
      waits.push(wait);
      advance(wait - 1);
      expect(retryAfter(await signIn(email, "wrong-password"))).toBe(1);
      advance(1);
      expect((await signIn(email, "wrong-password")).ret).toBe(RET.PASSWORD_ERROR);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    // Refusals never reached argon2: 10 + one check per wait.
    expect(verify).toHaveBeenCalledTimes(22);
  });

  it("lets the owner in from a known device during the attack; a new device waits like anyone, seconds not minutes", async () => {
    const email = uniqueEmail("owner");
    await registerAccount(api, email, RIGHT);
    const laptop = newDevice();
    expect((await signIn(email, RIGHT, { device: laptop })).ret).toBe(1);

    await attack(email, 13);
    // Mid-attack the account is backing off (8 s after 13 failures) ...
    expect(retryAfter(await signIn(email, RIGHT))).toBe(8);
    // ... but the owner's laptop signs in at once, again and again, from any address.
    for (let i = 0; i < 3; i++) {
      const answer = await signIn(email, RIGHT, { device: laptop });
      expect(answer.ret, answer.msg).toBe(1);
      expect(String(answer.data?.access_token)).toMatch(/\S{32,}/);
    }
    // A new phone is backed off like anyone: the price of not being known yet.
    const phone = newDevice();
    const wait = retryAfter(await signIn(email, RIGHT, { device: phone }));
    expect(wait).toBe(8);
    // The attacker stops; the phone waits those seconds (not the old 15-minute lock) and is let in.
    advance(wait);
    expect((await signIn(email, RIGHT, { device: phone })).ret).toBe(1);
    // Now the phone is known too.
    await attack(email, 1);
    expect(retryAfter(await signIn(email, RIGHT))).toBe(16);
    expect((await signIn(email, RIGHT, { device: phone })).ret).toBe(1);
  });

  it("a known device does not get past a wrong password, its own back-off or the per-address limits", async () => {
    const email = uniqueEmail("leaked");
    await registerAccount(api, email, RIGHT);
    const device = newDevice();
    expect((await signIn(email, RIGHT, { device })).ret).toBe(1);

    // A leaked device id still needs the password, and wrong ones back that device off like an account.
    for (let i = 0; i < 10; i++)
      expect((await signIn(email, "wrong-password", { device })).ret).toBe(RET.PASSWORD_ERROR);
    expect(retryAfter(await signIn(email, RIGHT, { device }))).toBe(1);
    advance(1);
    // The right password from the device starts its run over; the account's own run (10) is left as it was.
    expect((await signIn(email, RIGHT, { device })).ret).toBe(1);
    expect((await signIn(email, "wrong-password", { device })).ret).toBe(RET.PASSWORD_ERROR);
    expect((await signIn(email, RIGHT, { device })).ret).toBe(1);
    expect(retryAfter(await signIn(email, RIGHT))).toBe(2);

    // The per-address limit: 10 sign-ins a minute, known device or not.
    const busy = randomIp();
    for (let i = 0; i < 10; i++) await signIn(uniqueEmail("nobody"), "wrong-password", { ip: busy });
    expect(retryAfter(await signIn(email, RIGHT, { ip: busy, device }))).toBeLessThanOrEqual(60);

    // The per-address back-off: 20 failures (against any accounts) and the address waits, known device or not.
    advance(60);
    for (let i = 0; i < 9; i++) await signIn(uniqueEmail("nobody"), "wrong-password", { ip: busy });
    advance(60);
    expect((await signIn(uniqueEmail("nobody"), "wrong-password", { ip: busy })).ret).toBe(RET.PASSWORD_ERROR);
    expect(retryAfter(await signIn(email, RIGHT, { ip: busy, device }))).toBe(1);
    advance(1);
    expect((await signIn(email, RIGHT, { ip: busy, device })).ret).toBe(1);
  });

  it("a device id becomes known only by signing in to that account with its password", async () => {
    const victim = uniqueEmail("victim");
    const attacker = uniqueEmail("attacker");
    await registerAccount(api, victim, RIGHT);
    await registerAccount(api, attacker, "attackers-own");
    const device = newDevice();
    const ip = randomIp();

    // Wrong passwords with a device id do not make it known.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(victim, "wrong-password", { ip, device })).ret).toBe(RET.PASSWORD_ERROR);
    }
    expect(await deviceRows(victim)).toHaveLength(0);
    expect(retryAfter(await signIn(victim, "wrong-password", { device }))).toBe(1);

    // Signing in to their own account from the same address and device makes it known for that account only,
    // and resets neither the victim's run nor the address's.
    advance(60);
    expect((await signIn(attacker, "attackers-own", { ip, device })).ret).toBe(1);
    expect(await deviceRows(attacker)).toHaveLength(1);
    expect(await deviceRows(victim)).toHaveLength(0);
    // The victim's 11th failure makes the next attempt wait 2 s (a run started over would not wait at all).
    expect((await signIn(victim, "wrong-password", { ip, device })).ret).toBe(RET.PASSWORD_ERROR);
    expect(retryAfter(await signIn(victim, RIGHT))).toBe(2);
    // 11 failures from the address so far; 9 more (past a minute, for its 10-a-minute limit) make 20.
    for (let i = 0; i < 8; i++) await signIn(uniqueEmail("nobody"), "wrong-password", { ip });
    advance(60);
    expect((await signIn(uniqueEmail("nobody"), "wrong-password", { ip })).ret).toBe(RET.PASSWORD_ERROR);
    expect(retryAfter(await signIn(attacker, "attackers-own", { ip, device }))).toBe(1);

    // The victim's own sign-in makes a device known, with first and last seen.
    advance(60);
    const owners = newDevice();
    expect((await signIn(victim, RIGHT, { device: owners })).ret).toBe(1);
    const [row] = await deviceRows(victim);
    expect(row?.deviceHash).toBe(createHash("sha256").update(owners).digest("hex")); // never the id itself
    expect(row!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(row!.firstSeenAt.getTime());
  });

  it("keeps at most 20 known devices per user, the most recently seen", async () => {
    const email = uniqueEmail("many");
    await registerAccount(api, email, RIGHT);
    const id = await userId(email);
    const devices = Array.from({ length: KNOWN_DEVICES_PER_USER + 1 }, newDevice);
    for (const d of devices) await rememberDevice(database.db, id, d);
    expect(await deviceRows(email)).toHaveLength(KNOWN_DEVICES_PER_USER);
    // The oldest was forgotten: it is backed off with the account again.
    await attack(email, 10);
    expect(retryAfter(await signIn(email, RIGHT, { device: devices[0] }))).toBe(1);
    expect((await signIn(email, RIGHT, { device: devices[1] })).ret).toBe(1);
    // Seeing one again refreshes it rather than adding a row.
    await rememberDevice(database.db, id, devices[1]!);
    expect(await deviceRows(email)).toHaveLength(KNOWN_DEVICES_PER_USER);
  });

  it("refuses a malformed device_id with a 400 naming the field", async () => {
    const res = await api.post("/v1/channel/report", {
      url: "/2/api/user/verify_login",
      type: "POST",
      param: JSON.stringify({ name: uniqueEmail(), verify_pwd: "x", device_id: "not-a-device" }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, data: null, msg: expect.stringContaining("param.device_id") });
  });
});
