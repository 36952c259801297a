import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import {
  NETWORK_ERROR_MESSAGE,
  apiGet,
  apiPost,
  apiRequest,
  configureApiClient,
  setUnauthorizedHandler,
} from "@/lib/api";
import { signParams } from "@/lib/api/sign-params";
import { json, ok } from "./auth-fixtures";
import { bodyRecord, queryRecord, rejection } from "./helpers/api-calls";

const KEY = "unit-test-key";
const BASE = "https://api.test";
/** The signature fields every request carries (SPEC §7), sorted. */
const LM_FIELDS = ["h5", "lm_s_id", "lm_s_str", "lm_s_ts", "lm_s_ver"];

let token: string | null = "tok-1";
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let sleepMock: ReturnType<typeof vi.fn<(ms: number, signal?: AbortSignal) => Promise<void>>>;

/** Each call gets a fresh Response (bodies are single use). */
function respond(...makers: Array<() => Response | Promise<Response>>) {
  let i = 0;
  fetchMock.mockImplementation(async () => {
    const make = makers[Math.min(i++, makers.length - 1)];
    if (!make) throw new Error("no response");
    return make();
  });
}

function call(n = 0): { url: URL; init: RequestInit; headers: Headers } {
  const args = fetchMock.mock.calls[n];
  if (!args) throw new Error(`fetch call ${n} missing`);
  const [input, init = {}] = args;
  return { url: new URL(String(input)), init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  token = "tok-1";
  fetchMock = vi.fn<typeof fetch>();
  sleepMock = vi.fn(async () => undefined);
  vi.stubGlobal("fetch", fetchMock);
  configureApiClient({
    baseUrl: BASE,
    getToken: () => token,
    getDeviceId: () => "device-1",
    signingKey: KEY,
    sleep: sleepMock,
    random: () => 0.5,
  });
  setUnauthorizedHandler(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("request shape", () => {
  it("GET sends the common headers, the lm fields in the query and a verifiable signature", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 1_700_000_123_456 });
    respond(() => ok({ name: "Ann" }));
    await expect(apiGet("/v1/user/info", { robot_key: "r1", page: 2, skip: undefined })).resolves.toEqual({
      name: "Ann",
    });

    const { url, init, headers } = call();
    expect(init.method).toBe("GET");
    expect(init.body).toBeUndefined();
    expect(url.origin + url.pathname).toBe(`${BASE}/v1/user/info`);
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("app")).toBe("kewl-web");
    expect(headers.get("channel")).toBe("web");
    expect(headers.get("authorization")).toBe("Bearer tok-1");

    const query = queryRecord(url);
    expect(
      Object.keys(query)
        .filter((k) => k.startsWith("lm_") || k === "h5")
        .sort(),
    ).toEqual(LM_FIELDS);
    expect(query).toMatchObject({ robot_key: "r1", page: "2", lm_s_id: "device-1", lm_s_ver: "1", h5: "1" });
    expect(query).not.toHaveProperty("skip");
    expect(query.lm_s_str).toMatch(/^[a-z0-9]{16}$/);
    expect(query.lm_s_ts).toBe("1700000123");
    expect(headers.get("lm-s-sign")).toBe(signParams(query, KEY));
  });

  it("omits authorization without a token", async () => {
    token = null;
    respond(() => ok(null));
    await apiGet("/v1/buy_coin/product");
    expect(call().headers.has("authorization")).toBe(false);
  });

  it("POST puts the lm fields at the top level of the JSON body and signs body fields", async () => {
    respond(() => ok({ id: 7 }));
    const data = await apiPost("/v1/user/update", { name: "Ann", sex: 1, extra: { a: [1] }, empty: "" });
    expect(data).toEqual({ id: 7 });

    const { url, init, headers } = call();
    expect(init.method).toBe("POST");
    expect([...url.searchParams.keys()]).toEqual([]);
    const body = bodyRecord(init);
    expect(body).toMatchObject({ name: "Ann", sex: 1, extra: { a: [1] }, lm_s_id: "device-1", lm_s_ver: "1", h5: "1" });
    expect(
      Object.keys(body)
        .filter((k) => k.startsWith("lm_") || k === "h5")
        .sort(),
    ).toEqual(LM_FIELDS);
    for (const field of LM_FIELDS) expect(typeof body[field]).toBe("string");
    expect(headers.get("lm-s-sign")).toBe(signParams(body, KEY));
    expect(headers.get("authorization")).toBe("Bearer tok-1");
  });

  it("merges a query string written in the path into the URL and the signature", async () => {
    respond(() => ok(1));
    await apiGet("/v1/chat_session/model?robot_key=abc", { page: 1 });
    const { url, headers } = call();
    expect(url.pathname).toBe("/v1/chat_session/model");
    const query = queryRecord(url);
    expect(query).toMatchObject({ robot_key: "abc", page: "1" });
    expect(headers.get("lm-s-sign")).toBe(signParams(query, KEY));
  });

  it("apiRequest supports DELETE with query signing", async () => {
    respond(() => ok(true));
    await apiRequest({ method: "DELETE", path: "/v1/thing", query: { id: 3 } });
    const { url, init, headers } = call();
    expect(init.method).toBe("DELETE");
    expect(headers.get("lm-s-sign")).toBe(signParams(queryRecord(url), KEY));
  });
});

describe("envelope", () => {
  it("resolves data on code 0 and code 200, and on status 0/200 when code is absent", async () => {
    respond(
      () => json({ code: 0, msg: "success", data: "a" }),
      () => json({ code: 200, msg: "ok", data: "b" }),
      () => json({ status: 200, data: "c" }),
      () => json({ status: 0, data: "d" }),
    );
    expect(await apiGet("/v1/x")).toBe("a");
    expect(await apiGet("/v1/x")).toBe("b");
    expect(await apiGet("/v1/x")).toBe("c");
    expect(await apiGet("/v1/x")).toBe("d");
  });

  it("rejects a non-success body with an ApiError carrying code, msg, data, status and body", async () => {
    const body = { code: 40010, msg: "name is required", data: null };
    respond(() => json(body, 400));
    const error = await rejection(apiPost("/v1/user/update", {}));
    expect(error).toMatchObject({ code: 40010, msg: "name is required", message: "name is required", status: 400 });
    expect(error.data).toBeNull();
    expect(error.body).toEqual(body);
  });

  it("rejects a non-success body even on HTTP 200", async () => {
    respond(() => json({ code: 5, msg: "nope", data: { hint: 1 } }));
    const error = await rejection(apiGet("/v1/x"));
    expect(error).toMatchObject({ code: 5, msg: "nope", status: 200, data: { hint: 1 } });
  });

  it("rejects a malformed or non-JSON body with code -1 'Request failed'", async () => {
    respond(
      () => new Response("<html>oops</html>", { status: 200, headers: { "content-type": "text/html" } }),
      () => json({ data: 1 }),
      () => json([1, 2]),
    );
    for (let i = 0; i < 3; i++) {
      const error = await rejection(apiPost("/v1/x"));
      expect(error).toMatchObject({ code: -1, msg: "Request failed" });
    }
  });

  it("validates data with a zod schema", async () => {
    const schema = z.object({ id: z.number(), name: z.string() });
    respond(
      () => ok({ id: 1, name: "Ann", extra: true }),
      () => ok({ id: "1", name: "Ann" }),
    );
    await expect(apiGet("/v1/x", undefined, { schema })).resolves.toEqual({ id: 1, name: "Ann" });
    const error = await rejection(apiGet("/v1/x", undefined, { schema }));
    expect(error).toMatchObject({ code: -1, msg: "Request failed", status: 200, data: { id: "1", name: "Ann" } });
    expect(error.cause).toBeInstanceOf(z.ZodError);
  });

  it("loads a schema given as a loader only when the answer arrives", async () => {
    const schema = z.object({ id: z.number() });
    const loader = vi.fn(async () => schema);
    respond(
      () => ok({ id: 1 }),
      () => ok({ id: "1" }),
    );
    await expect(apiGet("/v1/x", undefined, { schema: loader })).resolves.toEqual({ id: 1 });
    expect(loader).toHaveBeenCalledTimes(1);
    const error = await rejection(apiGet("/v1/x", undefined, { schema: loader }));
    expect(error).toMatchObject({ code: -1, msg: "Request failed" });
  });

  it("a schema loader that fails (chunk not loaded) rejects as a network error", async () => {
    respond(() => ok({ id: 1 }));
    const error = await rejection(
      apiGet("/v1/x", undefined, { schema: () => Promise.reject(new Error("ChunkLoadError")) }),
    );
    expect(error).toMatchObject({ code: -2 });
  });
});

describe("401", () => {
  it("calls the unauthorized handler once for a burst of 401s, then rejects", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(() => json({ code: 401, msg: "token expired", data: null }, 401));
    const errors = await Promise.all([apiGet("/v1/a"), apiGet("/v1/b"), apiPost("/v1/c")].map(rejection));
    expect(handler).toHaveBeenCalledTimes(1);
    for (const error of errors) expect(error).toMatchObject({ code: 401, status: 401, msg: "token expired" });
  });

  it("treats body code 401 on HTTP 200 and HTTP 401 with any body the same way", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(() => json({ code: 401, msg: "expired", data: null }, 200));
    await rejection(apiGet("/v1/a"));
    expect(handler).toHaveBeenCalledTimes(1);

    token = "tok-2"; // a new session: a new burst
    respond(() => new Response("unauthorized", { status: 401 }));
    const error = await rejection(apiGet("/v1/a"));
    expect(handler).toHaveBeenCalledTimes(2);
    expect(error).toMatchObject({ code: 401, status: 401 });
  });

  it("does not call the handler for a request sent without a token", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    token = null;
    respond(() => json({ code: 401, msg: "login required", data: null }, 401));
    await rejection(apiGet("/v1/user/info"));
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("retries", () => {
  const unavailable = () => json({ code: 503, msg: "busy", data: null }, 503);

  it("retries a GET on 503 with backoff, re-signing each attempt", async () => {
    respond(unavailable, unavailable, () => ok("done"));
    await expect(apiGet("/v1/user/info")).resolves.toBe("done");
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sleepMock.mock.calls.map(([ms]) => ms)).toEqual([300, 900]);

    const nonces = new Set([0, 1, 2].map((i) => queryRecord(call(i).url).lm_s_str));
    expect(nonces.size).toBe(3);
    for (const i of [0, 1, 2]) {
      const { url, headers } = call(i);
      expect(headers.get("lm-s-sign")).toBe(signParams(queryRecord(url), KEY));
    }
  });

  it("gives up after 3 attempts and rejects with the last body", async () => {
    respond(unavailable);
    const error = await rejection(apiGet("/v1/x"));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(error).toMatchObject({ code: 503, msg: "busy", status: 503 });
  });

  it.each([408, 409, 425, 429, 500, 502, 504])("retries a GET on %i", async (status) => {
    respond(
      () => json({ code: status, msg: "x", data: null }, status),
      () => ok(1),
    );
    await expect(apiGet("/v1/x")).resolves.toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not retry other statuses", async () => {
    respond(() => json({ code: 404, msg: "not found", data: null }, 404));
    await rejection(apiGet("/v1/x"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not retry a POST", async () => {
    respond(unavailable, () => ok(1));
    const error = await rejection(apiPost("/v1/subscribe/create", { product_id: 1 }));
    expect(error.status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sleepMock).not.toHaveBeenCalled();
    expect(call().headers.has("idempotency-key")).toBe(false);
  });

  it("waits out a short Retry-After, and answers a longer one than it waits at once", async () => {
    respond(
      () => json({ code: 429, msg: "slow down", data: null }, 429, { "retry-after": "2" }),
      () => json({ code: 429, msg: "slow down", data: null }, 429, { "retry-after": "10" }),
      () => ok(1),
    );
    await apiGet("/v1/x");
    expect(sleepMock.mock.calls.map(([ms]) => ms)).toEqual([2000, 10_000]);

    sleepMock.mockClear();
    fetchMock.mockClear();
    respond(
      () =>
        json({ code: 42904, msg: "Too many uploads", data: { retry_after: 540 } }, 429, {
          "retry-after": "540",
        }),
      () => ok(1),
    );
    const error = await rejection(apiGet("/v1/file/sts"));
    expect(error).toMatchObject({ status: 429, code: 42904, msg: "Too many uploads" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sleepMock).not.toHaveBeenCalled();
  });

  it("honours Retry-After with the real timer-based sleep", async () => {
    vi.useFakeTimers();
    configureApiClient({ baseUrl: BASE, getToken: () => token, getDeviceId: () => "device-1", signingKey: KEY });
    respond(
      () => json({ code: 503, msg: "busy", data: null }, 503, { "retry-after": "1" }),
      () => ok("late"),
    );
    const promise = apiGet("/v1/x");
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe("late");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe("network and abort", () => {
  it("stops retrying when aborted during the backoff wait", async () => {
    vi.useFakeTimers();
    configureApiClient({ baseUrl: BASE, getToken: () => token, getDeviceId: () => "device-1", signingKey: KEY });
    respond(() => json({ code: 503, msg: "busy", data: null }, 503));
    const controller = new AbortController();
    const promise = apiGet("/v1/x", undefined, { signal: controller.signal });
    const settled = expect(promise).rejects.toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("retries a GET on network errors, then rejects with code -2 and the network message", async () => {
    fetchMock.mockRejectedValue(new TypeError("fetch failed"));
    const error = await rejection(apiGet("/v1/x"));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(error).toMatchObject({ code: -2, msg: NETWORK_ERROR_MESSAGE, status: 0 });
    expect(NETWORK_ERROR_MESSAGE).toBe("Network error. Please try again later.");
  });

  it("recovers when a retry succeeds after a network error", async () => {
    let n = 0;
    fetchMock.mockImplementation(async () => {
      if (n++ === 0) throw new TypeError("fetch failed");
      return ok("ok");
    });
    await expect(apiGet("/v1/x")).resolves.toBe("ok");
  });

  it("does not retry a POST on a network error", async () => {
    fetchMock.mockRejectedValue(new TypeError("fetch failed"));
    const error = await rejection(apiPost("/v1/x", {}));
    expect(error.code).toBe(-2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("passes an abort through untouched and does not retry it", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          // as fetch does: a signal aborted before the call (the request is signed asynchronously) rejects at once
          if (init?.signal?.aborted) reject(init.signal.reason);
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const promise = apiGet("/v1/x", undefined, { signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: "AbortError" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(call().init.signal).toBe(controller.signal);
  });
});
