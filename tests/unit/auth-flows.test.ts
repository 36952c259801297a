import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "@/lib/api";
import {
  lookupAccount,
  loginWithPassword,
  registerAccount,
  sendRegisterCode,
  sendResetLink,
} from "@/lib/auth/login-flows";
import { saveProfile } from "@/lib/auth/profile-flow";
import { submitPasswordReset } from "@/lib/auth/reset-password";
import { ACCOUNT_TOKEN, fail, inner, LOGIN_OK, networkDown, ok, stubAccountFetch, USER } from "./auth-fixtures";

const EMAIL = "ada@example.com";
const noKey = async () => null;

beforeEach(() => {
  configureApiClient({ baseUrl: "http://api.test", getToken: () => "tok", getDeviceId: () => "device-1" });
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("lookupAccount (exist_account)", () => {
  it("ret 12006 means the account exists, ret 1 that it does not", async () => {
    const server = stubAccountFetch({ report: { "/1/api/exist_account": (p) => inner(p.name === EMAIL ? 12006 : 1) } });
    expect(await lookupAccount(EMAIL)).toEqual({ ok: true, exists: true });
    expect(await lookupAccount("new@example.com")).toEqual({ ok: true, exists: false });
    const [first] = server.inner("/1/api/exist_account");
    expect(first?.body).toMatchObject({ url: "/1/api/exist_account", type: "GET" });
    expect(first?.inner?.param).toEqual({ name: EMAIL });
  });

  it("network failure gives the network message; a refusal its own message", async () => {
    stubAccountFetch({ report: { "/1/api/exist_account": networkDown() } });
    expect(await lookupAccount(EMAIL)).toEqual({ ok: false, message: "Network error. Please try again later." });
    stubAccountFetch({ report: { "/1/api/exist_account": inner(42900, null, "Too many attempts, try later") } });
    expect(await lookupAccount(EMAIL)).toEqual({ ok: false, message: "Too many attempts, try later" });
  });
});

describe("loginWithPassword", () => {
  it("verify_login then /v1/app/login with the SPEC fields", async () => {
    const server = stubAccountFetch({
      report: { "/2/api/user/verify_login": inner(1, ACCOUNT_TOKEN) },
      routes: { "POST /v1/app/login": () => ok(LOGIN_OK) },
    });
    const result = await loginWithPassword(EMAIL, "secret1", noKey);
    expect(result).toMatchObject({ ok: true, session: { token: LOGIN_OK.access_token, profile: USER } });
    expect(server.inner("/2/api/user/verify_login")[0]?.inner?.param).toMatchObject({
      name: EMAIL,
      verify_pwd: "secret1",
    });
    expect(server.route("POST /v1/app/login")[0]?.body).toMatchObject({
      access_token: ACCOUNT_TOKEN.access_token,
      reg_type: 108,
      device_type: "web",
      model: "web",
      keep: 0,
      email: EMAIL,
    });
  });

  it("12004 is a password error; another ret shows the server message or the verification message", async () => {
    stubAccountFetch({ report: { "/2/api/user/verify_login": inner(12004) } });
    expect(await loginWithPassword(EMAIL, "secret1", noKey)).toEqual({
      ok: false,
      field: "password",
      message: "Incorrect password. Please check and try again.",
    });
    stubAccountFetch({ report: { "/2/api/user/verify_login": inner(50000, null, "Account locked") } });
    expect(await loginWithPassword(EMAIL, "secret1", noKey)).toEqual({ ok: false, message: "Account locked" });
    stubAccountFetch({ report: { "/2/api/user/verify_login": inner(50000, null, "") } });
    expect(await loginWithPassword(EMAIL, "secret1", noKey)).toEqual({
      ok: false,
      message: "Login verification failed. Please try again later.",
    });
  });

  it("42900 while backing off says how long to wait (seconds, then minutes); without a wait, the server message", async () => {
    const later = "Too many attempts. Please try again later.";
    const limited = (retryAfter: unknown) => inner(42900, { retry_after: retryAfter }, later);
    const cases: Array<[unknown, string]> = [
      [1, "Too many attempts. Please try again in 1 second."],
      [8, "Too many attempts. Please try again in 8 seconds."],
      [59, "Too many attempts. Please try again in 59 seconds."],
      [59.2, "Too many attempts. Please try again in 1 minute."],
      [61, "Too many attempts. Please try again in 2 minutes."],
      [60, "Too many attempts. Please try again in 1 minute."],
      [900, "Too many attempts. Please try again in 15 minutes."],
      ["soon", later],
      [-1, later],
    ];
    for (const [retryAfter, message] of cases) {
      stubAccountFetch({ report: { "/2/api/user/verify_login": limited(retryAfter) } });
      expect(await loginWithPassword(EMAIL, "secret1", noKey)).toEqual({ ok: false, message });
    }
  });

  it("a session answer without access_token is a failure", async () => {
    stubAccountFetch({
      report: { "/2/api/user/verify_login": inner(1, ACCOUNT_TOKEN) },
      routes: { "POST /v1/app/login": () => ok({ ...LOGIN_OK, access_token: "" }) },
    });
    expect(await loginWithPassword(EMAIL, "secret1", noKey)).toEqual({
      ok: false,
      message: "Login failed. Please try again later.",
    });
  });

  it("accepts user_info with nickname / user_name (SPEC §3)", async () => {
    const { name: _n, key: _k, ...rest } = USER;
    stubAccountFetch({
      report: { "/2/api/user/verify_login": inner(1, ACCOUNT_TOKEN) },
      routes: {
        "POST /v1/app/login": () => ok({ ...LOGIN_OK, user_info: { ...rest, nickname: "Ada L", user_name: "ada_l" } }),
      },
    });
    expect(await loginWithPassword(EMAIL, "secret1", noKey)).toMatchObject({
      ok: true,
      session: { profile: { name: "Ada L", key: "ada_l" } },
    });
  });

  it("network failure anywhere gives the network message", async () => {
    stubAccountFetch({ report: { "/2/api/user/verify_login": networkDown() } });
    expect(await loginWithPassword(EMAIL, "secret1", noKey)).toEqual({
      ok: false,
      message: "Network error. Please try again later.",
    });
  });
});

describe("registerAccount", () => {
  const values = { email: EMAIL, password: "secret1", captcha: " ab12 ", emailCode: "123456" };

  it.each([
    [40001, "captcha", "Incorrect captcha. Please try again."],
    [12015, "emailCode", "Incorrect email verification code. Please try again."],
    [12007, "password", "Registration failed. Please try again later."],
  ])("ret %i goes under %s", async (ret, field, message) => {
    stubAccountFetch({ report: { "/2/api/user/verify_register": inner(ret) } });
    expect(await registerAccount(values, noKey)).toEqual({ ok: false, field, message });
  });

  it("status 40001 counts like ret 40001", async () => {
    stubAccountFetch({ report: { "/2/api/user/verify_register": { ret: 0, status: 40001 } } });
    expect(await registerAccount(values, noKey)).toMatchObject({ field: "captcha" });
  });

  it("network failure is a form message", async () => {
    stubAccountFetch({ report: { "/2/api/user/verify_register": networkDown() } });
    expect(await registerAccount(values, noKey)).toEqual({
      ok: false,
      message: "Network error. Please try again later.",
    });
  });

  it("success logs in with keep 1; a key that cannot be had sends the plain password", async () => {
    const server = stubAccountFetch({
      report: { "/2/api/user/verify_register": inner(1, ACCOUNT_TOKEN) },
      routes: { "POST /v1/app/login": () => ok({ ...LOGIN_OK, is_new: true }) },
    });
    const result = await registerAccount(values, () => Promise.reject(new Error("no key")));
    expect(result).toMatchObject({ ok: true, session: { isNew: true } });
    expect(server.inner("/2/api/user/verify_register")[0]?.inner?.param).toMatchObject({
      name: EMAIL,
      password: "secret1",
      captcha: "ab12",
      verify_code: "123456",
    });
    expect(server.route("POST /v1/app/login")[0]?.body).toMatchObject({ keep: 1, reg_type: 108 });
  });
});

describe("send_email", () => {
  it("register code: type 4, true only on ret 1 and status 1", async () => {
    const server = stubAccountFetch({ report: { "/1/api/user/send_email": inner(1) } });
    expect(await sendRegisterCode(EMAIL)).toBe(true);
    expect(server.inner("/1/api/user/send_email")[0]?.inner?.param).toMatchObject({ email: EMAIL, type: 4 });
    stubAccountFetch({ report: { "/1/api/user/send_email": { ret: 1, status: 0 } } });
    expect(await sendRegisterCode(EMAIL)).toBe(false);
  });

  it("reset link: type 3; failure shows the server message or the SPEC message", async () => {
    const server = stubAccountFetch({ report: { "/1/api/user/send_email": inner(1) } });
    expect(await sendResetLink(EMAIL)).toEqual({ ok: true });
    expect(server.inner("/1/api/user/send_email")[0]?.inner?.param).toMatchObject({ type: 3 });
    stubAccountFetch({ routes: {}, report: { "/1/api/user/send_email": inner(50000, null, "") } });
    expect(await sendResetLink(EMAIL)).toEqual({
      ok: false,
      message: "Failed to send reset password email. Please try again later.",
    });
  });
});

describe("saveProfile", () => {
  const values = { name: "Ada", key: "ada_new", sex: 0 as const };

  it("an ID that exists is a field error and nothing is updated", async () => {
    const server = stubAccountFetch({ routes: { "POST /v1/user/exists": () => ok({ exists: true }) } });
    expect(await saveProfile(USER, values)).toEqual({
      ok: false,
      kind: "field",
      field: "key",
      message: "This ID is already taken. Please choose a different one.",
    });
    expect(server.route("POST /v1/user/update")).toHaveLength(0);
  });

  it("the ID check failing is the 'Validation failed' toast", async () => {
    stubAccountFetch({ routes: { "POST /v1/user/exists": () => fail(50000, "boom", 500) } });
    expect(await saveProfile(USER, values)).toEqual({
      ok: false,
      kind: "toast",
      title: "Validation failed",
      description: "Unable to verify ID availability. Please try again.",
    });
  });

  it("409 code 12008 from update is the ID-taken field error; other failures the update toast", async () => {
    stubAccountFetch({
      routes: {
        "POST /v1/user/exists": () => ok({ exists: false }),
        "POST /v1/user/update": () => fail(12008, "taken", 409),
      },
    });
    expect(await saveProfile(USER, values)).toMatchObject({ kind: "field", field: "key" });
    stubAccountFetch({
      routes: {
        "POST /v1/user/exists": () => ok({ exists: false }),
        "POST /v1/user/update": () => fail(50000, "x", 500),
      },
    });
    expect(await saveProfile(USER, values)).toEqual({
      ok: false,
      kind: "toast",
      title: "Failed to update profile",
      description: "Please try again later",
    });
  });

  it("skips the ID check when the ID is unchanged, updates and refreshes the profile", async () => {
    const refreshed = { ...USER, name: "Ada Lovelace", sex: 0 };
    const server = stubAccountFetch({
      routes: { "POST /v1/user/update": () => ok(null), "GET /v1/user/info": () => ok(refreshed) },
    });
    const result = await saveProfile(USER, { name: "Ada Lovelace", key: USER.key, sex: 0 });
    expect(result).toEqual({ ok: true, keyChanged: false, profile: refreshed });
    expect(server.route("POST /v1/user/exists")).toHaveLength(0);
    expect(server.route("POST /v1/user/update")[0]?.body).toMatchObject({
      name: "Ada Lovelace",
      key: USER.key,
      sex: 0,
    });
  });
});

describe("submitPasswordReset", () => {
  it("code 12010 means the link is invalid or expired", async () => {
    stubAccountFetch({ routes: { "POST /v1/user/reset_password": () => fail(12010, "bad token") } });
    expect(await submitPasswordReset("r".repeat(32), "secret1", noKey)).toEqual({
      ok: false,
      invalidLink: true,
      message: "This reset link is invalid or has expired.",
    });
  });

  it("sends the token and the password, and hands back the account's address", async () => {
    const server = stubAccountFetch({
      routes: { "POST /v1/user/reset_password": () => ok({ email: "ada@example.test" }) },
    });
    expect(await submitPasswordReset("r".repeat(32), "secret1", noKey)).toEqual({
      ok: true,
      email: "ada@example.test",
    });
    expect(server.route("POST /v1/user/reset_password")[0]?.body).toMatchObject({
      token: "r".repeat(32),
      password: "secret1",
    });
  });
});
