import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { randomLoopback, requestFrom } from "../support/loopback-client";

/** The e2e server's test switches (playwright.config.ts): a known captcha answer and a readable outbox. */
const CAPTCHA = "E2E7";
const PASSWORD = "chat e2e pass 42";

export interface TestSession {
  email: string;
  token: string;
  profile: { uid: string; key: string; name: string; face: string; sex: 1 | 0 | -1; email: string | null };
}

/**
 * Each helper user's API calls come from a loopback address of its own (Node's http client bound to 127.x.y.z;
 * the server listens on 127.0.0.1), so the per-address limits on sign-up mail are never what a test runs into.
 */
async function postFrom(address: string, path: string, data: Record<string, unknown>): Promise<Response> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("playwright.config.ts sets no baseURL");
  return requestFrom(address, new URL(path, baseURL), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(data),
  });
}

async function report(address: string, url: string, param: Record<string, unknown>) {
  const res = await postFrom(address, "/v1/channel/report", { url, type: "POST", param: JSON.stringify(param) });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as { ret: number; status: number; msg: string; data: Record<string, unknown> | null };
}

/**
 * A new verified account and its session, through the same API calls the sign-up dialog makes (send the code,
 * read it from the test outbox, captcha, verify_register, app/login). Takes well under a second.
 */
export async function createUser(request: APIRequestContext, tag = "chat"): Promise<TestSession> {
  const address = randomLoopback();
  const email = `e2e-${tag}-${Date.now().toString(36)}${randomBytes(3).toString("hex")}@example.test`;
  const sent = await report(address, "/1/api/user/send_email", { email, type: 4, business: "kewl", devtype: "web" });
  expect(sent.ret, sent.msg).toBe(1);

  let code: string | undefined;
  await expect(async () => {
    const res = await request.get(`/v1/test/outbox?email=${encodeURIComponent(email)}`);
    code = ((await res.json()).data.list as Array<{ code: string | null }>).find((m) => m.code)?.code ?? undefined;
    expect(code).toBeTruthy();
  }).toPass({ timeout: 10_000 });

  await report(address, "/1/api/user/captcha", { email, black_box: "" });
  const registered = await report(address, "/2/api/user/verify_register", {
    name: email,
    password: PASSWORD,
    captcha: CAPTCHA,
    verify_code: code,
    verify_code_type: 4,
    code_type: 4,
    black_box: "",
    business: "kewl",
    devtype: "web",
    need_active: 0,
    timestamp: Date.now(),
  });
  expect(registered.ret, registered.msg).toBe(1);

  const res = await postFrom(address, "/v1/app/login", {
    access_token: registered.data?.access_token,
    reg_type: 108,
    device_type: "web",
    model: "web",
    keep: 1,
    email,
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return { email, token: body.data.access_token, profile: body.data.user_info };
}

/** Signs the browser in as `session` before any page script runs (the auth store reads localStorage "auth"). */
export async function signInBrowser(page: Page, session: TestSession): Promise<void> {
  const value = JSON.stringify({ state: { token: session.token, profile: session.profile }, version: 0 });
  await page.addInitScript((stored) => {
    if (!window.sessionStorage.getItem("e2e-signed-in")) {
      window.localStorage.setItem("auth", stored);
      window.sessionStorage.setItem("e2e-signed-in", "1");
    }
  }, value);
}

/** A user with a session, signed in in this page. */
export async function signedInUser(page: Page, request: APIRequestContext, tag?: string): Promise<TestSession> {
  const session = await createUser(request, tag);
  await signInBrowser(page, session);
  return session;
}

export interface TestRobot {
  id: number;
  key: string;
  name: string;
  greeting: string;
}

export async function robotById(request: APIRequestContext, id: number): Promise<TestRobot> {
  const res = await request.post("/v1/tag/robot/detail", { data: { id } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as TestRobot;
}

/**
 * One message through POST /v1/chat_session/chat, read to the end of its stream: how tests set up a conversation
 * without clicking through it. Answers the raw text/event-stream body (or the refusal envelope).
 */
export async function chatViaApi(
  request: APIRequestContext,
  session: TestSession,
  robotId: number,
  message: string,
): Promise<string> {
  const res = await request.post("/v1/chat_session/chat", {
    data: { robot_id: robotId, message },
    headers: { authorization: `Bearer ${session.token}` },
    timeout: 30_000,
  });
  return res.text();
}
