import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RET } from "@/lib/contracts/accounts";
import type { DbHandle } from "@/server/db/types";
import { ACCOUNT_LIMITS, limitKey, type LimitRule } from "@/server/modules/accounts/limits";
import { passwords } from "@/server/modules/crypto/passwords";
import type { KeyValueStore } from "@/server/modules/limits/key-value-store";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import {
  accountsEnv,
  appLogin,
  CAPTCHA,
  outbox,
  randomIp,
  registerAccount,
  report,
  tempDataDir,
  uniqueEmail,
  verifyLogin,
  verifyRegister,
} from "./accounts-support";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const LIMITED = { ret: RET.RATE_LIMITED, status: RET.RATE_LIMITED, msg: "Too many attempts. Please try again later." };

describe.each(testDrivers())("accounts: abuse limits on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let store: KeyValueStore;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dataDir = tempDataDir();
    store = createMemoryStore();
    api = createTestApi(database, accountsEnv(dataDir), store);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Spends a rule's whole budget for a subject directly in the store. */
  const exhaust = async (rule: LimitRule, subject: string) => {
    for (let i = 0; i < rule.limit; i++) await store.hit(limitKey(rule, subject), rule.windowMs);
  };

  it("exist_account: 30 a minute per address, then ret 42900 with retry_after", async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++)
      expect((await report(api, "/1/api/exist_account", { name: uniqueEmail() }, ip)).ret).toBe(1);
    const limited = await report(api, "/1/api/exist_account", { name: uniqueEmail() }, ip);
    expect(limited).toMatchObject(LIMITED);
    expect(Number(limited.data?.retry_after)).toBeGreaterThan(0);
    expect(Number(limited.data?.retry_after)).toBeLessThanOrEqual(60);
    // Another address is not affected; per e-mail, 30 a minute too.
    const email = uniqueEmail("probe");
    await exhaust(ACCOUNT_LIMITS.existAccountEmail, email);
    expect(await report(api, "/1/api/exist_account", { name: email.toUpperCase() })).toMatchObject(LIMITED);
    expect((await report(api, "/1/api/exist_account", { name: uniqueEmail() })).ret).toBe(1);
  });

  it("captcha: 20 a minute per address and 10 per e-mail", async () => {
    const email = uniqueEmail("captcha");
    for (let i = 0; i < 10; i++) expect((await report(api, "/1/api/user/captcha", { email })).ret).toBe(1);
    expect(await report(api, "/1/api/user/captcha", { email })).toMatchObject(LIMITED);

    const ip = randomIp();
    for (let i = 0; i < 20; i++)
      expect((await report(api, "/1/api/user/captcha", { email: uniqueEmail() }, ip)).ret).toBe(1);
    expect(await report(api, "/1/api/user/captcha", { email: uniqueEmail() }, ip)).toMatchObject(LIMITED);
  });

  it("send_email: 5 per 10 minutes per address, 1 per 60 s and 5 an hour per e-mail, nothing sent when refused", async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++)
      expect((await report(api, "/1/api/user/send_email", { email: uniqueEmail(), type: 4 }, ip)).ret).toBe(1);
    const refused = uniqueEmail("refused");
    expect(await report(api, "/1/api/user/send_email", { email: refused, type: 4 }, ip)).toMatchObject(LIMITED);
    expect(await outbox(api, refused)).toHaveLength(0);

    const hourly = uniqueEmail("hourly");
    await exhaust(ACCOUNT_LIMITS.sendEmailEmailHour, hourly);
    expect(await report(api, "/1/api/user/send_email", { email: hourly, type: 4 })).toMatchObject(LIMITED);
    expect(await report(api, "/1/api/user/send_email", { email: hourly, type: 3 })).toMatchObject(LIMITED);
    expect(await outbox(api, hourly)).toHaveLength(0);
  });

  // Per account, verify_login backs off instead (accounts-login-backoff.test.ts, on a clock the test moves).
  it("verify_login: 10 a minute per address, refused before any argon2 work", async () => {
    const email = uniqueEmail("login");
    await registerAccount(api, email, "right-password");
    const verify = vi.spyOn(passwords, "verify");
    const hash = vi.spyOn(passwords, "hash");

    const ip = randomIp();
    for (let i = 0; i < 10; i++)
      expect((await verifyLogin(api, uniqueEmail("nobody"), "wrong-password", ip)).ret).toBe(RET.PASSWORD_ERROR);
    const spent = verify.mock.calls.length;
    expect(spent).toBeGreaterThanOrEqual(10);
    expect(await verifyLogin(api, email, "right-password", ip)).toMatchObject(LIMITED);
    expect(verify.mock.calls.length).toBe(spent);
    expect(hash.mock.calls.length).toBeLessThanOrEqual(1); // at most the one-off dummy hash
  });

  it("verify_register: 10 a minute per address and 10 per 15 minutes per e-mail, refused before hashing or using the captcha", async () => {
    const hash = vi.spyOn(passwords, "hash");
    const email = uniqueEmail("register");
    await exhaust(ACCOUNT_LIMITS.registerEmail, email);
    await report(api, "/1/api/user/captcha", { email });
    expect(await verifyRegister(api, { email, password: "secret-1", code: "123456" })).toMatchObject(LIMITED);

    const ip = randomIp();
    await exhaust(ACCOUNT_LIMITS.registerIp, ip);
    expect(await verifyRegister(api, { email: uniqueEmail(), password: "secret-1", code: "123456" }, ip)).toMatchObject(
      LIMITED,
    );
    expect(hash).not.toHaveBeenCalled();
    // The captcha was not consumed by the refused attempt: it still answers (wrong code, not wrong captcha).
    const other = createTestApi(database, accountsEnv(dataDir));
    expect((await verifyRegister(other, { email, password: "secret-1", code: "123456", captcha: CAPTCHA })).ret).toBe(
      RET.EMAIL_CODE_ERROR,
    );
  });

  it("app/login: 30 a minute per address, then HTTP 429", async () => {
    const ip = randomIp();
    await exhaust(ACCOUNT_LIMITS.appLoginIp, ip);
    const res = await appLogin(api, "a".repeat(43), {}, ip);
    expect(res.status).toBe(429);
    expect((await res.json()).code).toBe(429);
    expect((await appLogin(api, "a".repeat(43))).status).toBe(400);
  });

  it("reset_password: 10 a minute per address, then HTTP 429 before hashing", async () => {
    const hash = vi.spyOn(passwords, "hash");
    const ip = randomIp();
    await exhaust(ACCOUNT_LIMITS.resetPasswordIp, ip);
    const res = await api.from(ip).post("/v1/user/reset_password", { token: "a".repeat(43), password: "secret-1" });
    expect(res.status).toBe(429);
    expect(hash).not.toHaveBeenCalled();
  });

  it("reset_password/check: 30 a minute per address, then HTTP 429", async () => {
    const ip = randomIp();
    await exhaust(ACCOUNT_LIMITS.resetCheckIp, ip);
    const res = await api.from(ip).post("/v1/user/reset_password/check", { token: "a".repeat(43) });
    expect(res.status).toBe(429);
    expect((await api.post("/v1/user/reset_password/check", { token: "a".repeat(43) })).status).toBe(200);
  });
});
