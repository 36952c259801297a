import { constants, publicEncrypt, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { DbHandle } from "@/server/db/types";
import { randomLoopback } from "../support/loopback-client";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, type Driver } from "./helpers/test-database";

/** Shared steps of the accounts integration tests (not a test file itself). */

export const CAPTCHA = "K7WQ";

/** Date.now() just before and just after `act`: any moment the server took during it lies in [from, to]. */
export async function during<T>(act: () => Promise<T>): Promise<{ result: T; from: number; to: number }> {
  const from = Date.now();
  const result = await act();
  return { result, from, to: Date.now() };
}

/** expiresAt is exactly ttlMs after some moment of the window, however long the window took. */
export function expectExpiry(expiresAt: Date, ttlMs: number, window: { from: number; to: number }): void {
  expect(expiresAt.getTime()).toBeGreaterThanOrEqual(window.from + ttlMs);
  expect(expiresAt.getTime()).toBeLessThanOrEqual(window.to + ttlMs);
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "kewl-accounts-"));
}

export interface AccountsSuite {
  database: DbHandle;
  api: TestApi;
  dataDir: string;
}

/**
 * For one describe block: a fresh database, a data folder (RSA keys) and the API with the test switches on,
 * removed after the block. The fields are set once beforeAll has run.
 */
export function accountsSuite(driver: Driver, extra: Record<string, string> = {}): AccountsSuite {
  const suite = {} as AccountsSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase(driver);
    suite.dataDir = tempDataDir();
    suite.api = createTestApi(suite.database, accountsEnv(suite.dataDir, extra));
  });
  afterAll(async () => {
    await suite.database?.close();
    if (suite.dataDir) fs.rmSync(suite.dataDir, { recursive: true, force: true });
  });
  return suite;
}

/** Env for an API with the test switches on (no proxy trusted: each client is its socket's address). */
export function accountsEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return { DATA_DIR: dataDir, TEST_CAPTCHA_ANSWER: CAPTCHA, TEST_OUTBOX_ENABLED: "true", ...extra };
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}.${randomBytes(4).toString("hex")}@example.test`;
}

/**
 * A random client address (see TestApi.from): each call its own per-IP budget unless an address is given. A
 * loopback one, so that APIs reached over a real socket can be called from it too.
 */
export function randomIp(): string {
  return randomLoopback();
}

export interface Inner {
  ret: number;
  status: number;
  msg: string;
  data: Record<string, unknown> | null;
}

/** POST /v1/channel/report with the inner payload as a JSON string; asserts the HTTP 200 envelope. */
export async function report(api: TestApi, url: string, param: unknown, ip = randomIp()): Promise<Inner> {
  const type = url.includes("exist_account") || url.includes("get_public_key") ? "GET" : "POST";
  const res = await api.from(ip).post("/v1/channel/report", { url, type, param: JSON.stringify(param) });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.code).toBe(0);
  return body.data as Inner;
}

/** Like the browser's WebCrypto RSA-OAEP (SHA-256): base64 ciphertext. */
export function encryptPassword(publicKeyPem: string, plain: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(plain),
  ).toString("base64");
}

export async function publicKey(api: TestApi): Promise<string> {
  const inner = await report(api, "/2/api/user/get_public_key", { devtype: "web", business: "kewl" });
  return String(inner.data?.public_key);
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
  code: string | null;
  link: string | null;
}

export async function outbox(api: TestApi, email: string): Promise<OutboxMail[]> {
  const res = await api.request(`/v1/test/outbox?email=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return (await res.json()).data.list as OutboxMail[];
}

export async function newCaptcha(api: TestApi, email: string, blackBox = ""): Promise<void> {
  const inner = await report(api, "/1/api/user/captcha", { email, black_box: blackBox });
  expect(inner.ret).toBe(1);
}

/** send_email type 4 and the code from the outbox. */
export async function registerCode(api: TestApi, email: string): Promise<string> {
  const inner = await report(api, "/1/api/user/send_email", { email, type: 4, business: "kewl", devtype: "web" });
  expect(inner).toMatchObject({ ret: 1, status: 1 });
  const [latest] = await outbox(api, email);
  expect(latest?.code).toMatch(/^\d{6}$/);
  return latest!.code!;
}

export async function verifyRegister(
  api: TestApi,
  fields: { email: string; password: string; code: string; captcha?: string; blackBox?: string },
  ip?: string,
): Promise<Inner> {
  return report(
    api,
    "/2/api/user/verify_register",
    {
      name: fields.email,
      password: fields.password,
      captcha: fields.captcha ?? CAPTCHA,
      verify_code: fields.code,
      black_box: fields.blackBox ?? "",
      business: "kewl",
      need_active: 1,
      devtype: "web",
      timestamp: Date.now(),
      verify_code_type: 4,
      code_type: 4,
    },
    ip,
  );
}

/** The whole register step: captcha, code, verify_register. Answers the account token. */
export async function registerAccount(api: TestApi, email: string, password: string): Promise<string> {
  const code = await registerCode(api, email);
  await newCaptcha(api, email);
  const inner = await verifyRegister(api, { email, password, code });
  expect(inner, inner.msg).toMatchObject({ ret: 1, status: 1 });
  return String(inner.data?.access_token);
}

export async function verifyLogin(api: TestApi, email: string, verifyPwd: string, ip?: string): Promise<Inner> {
  return report(api, "/2/api/user/verify_login", { name: email, verify_pwd: verifyPwd, devtype: "web" }, ip);
}

export async function appLogin(
  api: TestApi,
  accessToken: string,
  extra: Record<string, unknown> = {},
  ip = randomIp(),
): Promise<Response> {
  return api.from(ip).post("/v1/app/login", {
    access_token: accessToken,
    reg_type: 108,
    device_type: "web",
    model: "web",
    keep: 0,
    ...extra,
  });
}

/** verify_login with the encrypted password, then app/login: the session token. */
export async function signIn(api: TestApi, email: string, password: string, keep: 0 | 1 = 0): Promise<string> {
  const inner = await verifyLogin(api, email, encryptPassword(await publicKey(api), password));
  expect(inner.ret, inner.msg).toBe(1);
  const res = await appLogin(api, String(inner.data?.access_token), { keep });
  expect(res.status).toBe(200);
  return (await res.json()).data.access_token as string;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
