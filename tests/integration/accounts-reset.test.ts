import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { RESET_TOKEN_INVALID_CODE, RET } from "@/lib/contracts/accounts";
import { authTokens, users } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { hashToken } from "@/server/modules/sessions/tokens";
import {
  accountsEnv,
  accountsSuite,
  bearer,
  during,
  encryptPassword,
  expectExpiry,
  outbox,
  publicKey,
  registerAccount,
  report,
  signIn,
  uniqueEmail,
  verifyLogin,
} from "./accounts-support";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { testDrivers } from "./helpers/test-database";

const INVALID_LINK = { code: RESET_TOKEN_INVALID_CODE, msg: "This reset link is invalid or has expired.", data: null };

describe.each(testDrivers())("accounts: password reset on %s", (driver) => {
  const suite = accountsSuite(driver, { PUBLIC_BASE_URL: "https://kewl.example.test/" });
  let database: DbHandle;
  let api: TestApi;
  let dataDir: string;
  beforeAll(() => void ({ database, api, dataDir } = suite));

  /** send_email type 3 and the token of the e-mailed link. */
  const requestReset = async (email: string, via = api) => {
    expect(await report(via, "/1/api/user/send_email", { email, type: 3 })).toMatchObject({ ret: 1, status: 1 });
    const [mail] = await outbox(via, email);
    expect(mail!.link).toMatch(/^https:\/\/kewl\.example\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain(mail!.link!);
    return new URL(mail!.link!).searchParams.get("token")!;
  };
  const reset = (token: string, password: string) => api.post("/v1/user/reset_password", { token, password });
  const check = async (token: string) =>
    (await (await api.post("/v1/user/reset_password/check", { token })).json()) as unknown;

  it("sets the new password with the e-mailed link, ends every session, and the link works once", async () => {
    const email = uniqueEmail("reset");
    await registerAccount(api, email, "old-password");
    const sessions = [await signIn(api, email, "old-password"), await signIn(api, email, "old-password", 1)];
    for (const s of sessions) expect((await api.request("/v1/user/info", { headers: bearer(s) })).status).toBe(200);

    const requested = await during(() => requestReset(email));
    const token = requested.result;
    const [row] = await database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(row!.kind).toBe("password_reset");
    expectExpiry(row!.expiresAt, 30 * 60_000, requested);

    // The page's check on load: live, and asking uses nothing up.
    expect(await check(token)).toEqual({ code: 0, msg: "success", data: { valid: true } });
    expect(await check(token)).toEqual({ code: 0, msg: "success", data: { valid: true } });

    const res = await reset(token, encryptPassword(await publicKey(api), "new-password"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 0, msg: "success", data: { email } });
    expect(await check(token)).toMatchObject({ data: { valid: false } });

    for (const s of sessions) {
      const after = await api.request("/v1/user/info", { headers: bearer(s) });
      expect(after.status).toBe(401);
    }
    const key = await publicKey(api);
    expect((await verifyLogin(api, email, encryptPassword(key, "old-password"))).ret).toBe(RET.PASSWORD_ERROR);
    expect((await verifyLogin(api, email, encryptPassword(key, "new-password"))).ret).toBe(1);

    const again = await reset(token, "another-password");
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(INVALID_LINK);
    expect((await verifyLogin(api, email, "new-password")).ret).toBe(1);
  });

  it("refuses unknown, expired and superseded links with 400 code 12010", async () => {
    const email = uniqueEmail("expired-link");
    await registerAccount(api, email, "old-password");
    expect(await (await reset("x".repeat(43), "whatever-1")).json()).toEqual(INVALID_LINK);

    const first = await requestReset(email);
    const second = await requestReset(
      email,
      createTestApi(database, accountsEnv(dataDir, { PUBLIC_BASE_URL: "https://kewl.example.test" })),
    );
    expect(await (await reset(first, "whatever-1")).json()).toEqual(INVALID_LINK);
    expect(await check(first)).toMatchObject({ data: { valid: false } });
    expect(await check("x".repeat(43))).toMatchObject({ data: { valid: false } });
    expect(await check(second)).toMatchObject({ data: { valid: true } });

    await database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(second)));
    expect(await check(second)).toMatchObject({ data: { valid: false } });
    const res = await reset(second, "whatever-1");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(INVALID_LINK);
    expect((await verifyLogin(api, email, "old-password")).ret).toBe(1);
  });

  it("checks the password rule first (400 naming the field) without using the link up", async () => {
    const email = uniqueEmail("short-reset");
    await registerAccount(api, email, "old-password");
    const token = await requestReset(email);
    const short = await reset(token, encryptPassword(await publicKey(api), "12345"));
    expect(short.status).toBe(400);
    expect((await short.json()).msg).toBe("Invalid field 'password': Password must be at least 6 characters");
    const garbled = await reset(token, "x".repeat(200));
    expect(garbled.status).toBe(400);
    expect((await garbled.json()).msg).toContain("'password'");
    // Plain value (SPEC §5 fallback) works, and marks the e-mail verified.
    expect((await reset(token, "plain-new-pass")).status).toBe(200);
    expect((await verifyLogin(api, email, "plain-new-pass")).ret).toBe(1);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerified).toBe(true);
  });
});
