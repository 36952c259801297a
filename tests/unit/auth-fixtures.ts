/**
 * Test doubles for the accounts contract (lib/contracts/accounts.ts): a fetch stub answering with real
 * Response objects, inner account paths dispatched by their `url`, first-class endpoints by "METHOD /path".
 */
import { vi } from "vitest";
import type { InnerPath } from "@/lib/contracts/accounts";

export type Json = Record<string, unknown>;
export interface Inner {
  ret: number;
  status?: number;
  msg?: string;
  data?: unknown;
}
export interface Call {
  method: string;
  path: string;
  body: Json | undefined;
  /** For /v1/channel/report: the inner path and its parsed param. */
  inner?: { url: string; param: Json };
  headers: Headers;
}
type Answer<T> = T | Error | ((input: Json) => T | Error | Promise<T | Error>);

export interface AccountHandlers {
  report?: Partial<Record<InnerPath, Answer<Inner>>>;
  /** "POST /v1/app/login" → a Response, or an Error to simulate the network failing. */
  routes?: Record<string, Answer<Response>>;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}
export const ok = (data: unknown) => json({ code: 0, msg: "success", data });
export const fail = (code: number, msg: string, status = 400) => json({ code, msg, data: null }, status);
export const inner = (ret: number, data: unknown = null, msg = ret === 1 ? "success" : "failed"): Inner => ({
  ret,
  status: ret,
  msg,
  data,
});
export const networkDown = () => new TypeError("fetch failed");

export const USER = { uid: "u_1", key: "ada_l", name: "Ada", face: "", sex: -1 as const, email: "ada@example.com" };
export const LOGIN_OK = { access_token: "s".repeat(43), user_info: USER, is_new: false };
export const ACCOUNT_TOKEN = { access_token: "a".repeat(32) };

async function resolve<T>(answer: Answer<T> | undefined, input: Json): Promise<T | Error | undefined> {
  return typeof answer === "function" ? (answer as (input: Json) => T | Error | Promise<T | Error>)(input) : answer;
}

const bodies = new WeakMap<Response, Promise<ArrayBuffer>>();

/**
 * A route given as one Response (not a function) answers every request to it, so each gets a new one with its status,
 * headers and body: a body can be read (or cancelled) only once. Not `clone()`: cancelling a clone's body waits for
 * the original's.
 */
async function copyOf(answer: Response): Promise<Response> {
  let body = bodies.get(answer);
  if (!body) bodies.set(answer, (body = answer.arrayBuffer()));
  const bytes = await body;
  const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
  return new Response(empty ? null : bytes, { status: answer.status, headers: answer.headers });
}

/** Installs the stub as global fetch; `calls` records every request in order. */
export function stubAccountFetch(handlers: AccountHandlers) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const body = init.body ? (JSON.parse(String(init.body)) as Json) : undefined;
    // The e-mail step's background check for third-party sign-in: off unless a test routes it (not recorded).
    if (`${method} ${url.pathname}` === "GET /v1/oauth/config" && !handlers.routes?.["GET /v1/oauth/config"]) {
      return ok({ enabled: false, provider_name: "Google" });
    }
    const call: Call = { method, path: url.pathname, body, headers: new Headers(init.headers) };
    calls.push(call);
    if (url.pathname === "/v1/channel/report" && body) {
      const param = JSON.parse(String(body.param)) as Json;
      call.inner = { url: String(body.url), param };
      const answer = await resolve(handlers.report?.[body.url as InnerPath], param);
      if (answer instanceof Error) throw answer;
      if (!answer) return fail(404, "no handler", 404);
      return ok({ status: answer.ret, msg: "", data: null, ...answer });
    }
    const route = handlers.routes?.[`${method} ${url.pathname}`];
    if (route instanceof Response) return copyOf(route);
    const answer = await resolve(route, body ?? {});
    if (answer instanceof Error) throw answer;
    return answer ?? fail(404, `no handler for ${method} ${url.pathname}`, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetch: fetchMock,
    /** Calls to one inner account path. */
    inner: (path: InnerPath) => calls.filter((c) => c.inner?.url === path),
    route: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export { setViewportWidth, stubMatchMedia } from "./helpers/match-media";
