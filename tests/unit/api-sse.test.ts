import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { apiPost } from "@/lib/api/client";
import { configureApiClient } from "@/lib/api/config";
import { setUnauthorizedHandler } from "@/lib/api/unauthorized";
import { ApiError } from "@/lib/api/errors";
import { signParams } from "@/lib/api/sign-params";
import { postStream } from "@/lib/api/sse";
import { json } from "./auth-fixtures";

const KEY = "sse-test-key";

function sseResponse(chunks: Array<string | Uint8Array>, onCancel?: () => void): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
    cancel() {
      onCancel?.();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream; charset=utf-8" } });
}

async function collect(stream: AsyncGenerator<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const message of stream) out.push(message);
  return out;
}

async function streamError(stream: AsyncGenerator<unknown>): Promise<{ error: ApiError; seen: unknown[] }> {
  const seen: unknown[] = [];
  try {
    for await (const message of stream) seen.push(message);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return { error: error as ApiError, seen };
  }
  throw new Error("expected an ApiError");
}

describe("postStream", () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    configureApiClient({
      baseUrl: "https://api.test",
      getToken: () => "tok",
      getDeviceId: () => "device-1",
      signingKey: KEY,
    });
    setUnauthorizedHandler(null);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("POSTs signed JSON and yields each data message until the close event", async () => {
    const text =
      'data: {"type":"start","message_id":"m1"}\n\n' +
      ": comment\n\n" +
      'data: {"type":"delta","text":"Hi"}\n\n' +
      'data: {"type":"end","balance":9}\n\n' +
      "event: close\ndata: \n\n" +
      'data: {"type":"after-close"}\n\n';
    fetchMock.mockResolvedValue(sseResponse([text.slice(0, 13), text.slice(13, 50), text.slice(50)]));

    const messages = await collect(postStream("/v1/chat_session/chat", { robot_key: "r1", content: "hello" }));
    expect(messages).toEqual([
      { type: "start", message_id: "m1" },
      { type: "delta", text: "Hi" },
      { type: "end", balance: 9 },
    ]);

    const [input, init = {}] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe("https://api.test/v1/chat_session/chat");
    expect(init.method).toBe("POST");
    const headers = new Headers(init.headers);
    expect(headers.get("app")).toBe("kewl-web");
    expect(headers.get("channel")).toBe("web");
    expect(headers.get("authorization")).toBe("Bearer tok");
    expect(headers.get("accept")).toBe("text/event-stream");
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ robot_key: "r1", content: "hello", lm_s_id: "device-1", lm_s_ver: "1", h5: "1" });
    expect(headers.get("lm-s-sign")).toBe(signParams(body, KEY));
  });

  describe("reading the event stream", () => {
    // Comments, a named event, a message over two data lines, id/retry/unknown fields, an empty data field, the
    // server's close frame (`event: close` with `data: {}`) and a message after it that must not be read.
    const STREAM =
      ": keep-alive comment\n" +
      "\n" +
      'data: {"type":"start","session_id":"s1"}\n' +
      "\n" +
      "event: delta\n" +
      'data: {"type":"delta",\n' +
      'data:"text":"two lines"}\n' +
      "\n" +
      ":another comment\n" +
      "id: 7\n" +
      "retry: 1000\n" +
      "foo: bar\n" +
      'data: {"text":"héllo 猫"}\n' +
      "\n" +
      "data\n" +
      "\n" +
      ": ping\n\nretry: 5\nfoo: bar\n\n" +
      "event: close\n" +
      "data: {}\n" +
      "\n" +
      'data: {"type":"after-close"}\n\n';
    const EXPECTED = [{ type: "start", session_id: "s1" }, { type: "delta", text: "two lines" }, { text: "héllo 猫" }];

    async function read(chunks: string[]): Promise<unknown[]> {
      fetchMock.mockResolvedValueOnce(sseResponse(chunks));
      return collect(postStream("/v1/chat_session/chat", {}));
    }

    it("reads a whole stream", async () => {
      expect(await read([STREAM])).toEqual(EXPECTED);
    });

    it("reads the same messages when the stream is split into two chunks at every position", async () => {
      for (let i = 0; i <= STREAM.length; i++) {
        expect(await read([STREAM.slice(0, i), STREAM.slice(i)]), `split at ${i}`).toEqual(EXPECTED);
      }
    });

    it("reads the same messages fed one character at a time", async () => {
      expect(await read([...STREAM])).toEqual(EXPECTED);
    });

    it("handles CRLF line ends, including a CR/LF pair split across chunks", async () => {
      const crlf = STREAM.replace(/\n/g, "\r\n");
      expect(await read([crlf])).toEqual(EXPECTED);
      for (let i = 0; i <= crlf.length; i++) {
        expect(await read([crlf.slice(0, i), crlf.slice(i)]), `split at ${i}`).toEqual(EXPECTED);
      }
      expect(await read([...crlf])).toEqual(EXPECTED);
    });

    it("handles bare CR line ends", async () => {
      const cr = STREAM.replace(/\n/g, "\r");
      expect(await read([cr])).toEqual(EXPECTED);
      expect(await read([...cr])).toEqual(EXPECTED);
    });

    it("reads a last message whose stream ends without its blank line, with any line end", async () => {
      for (const end of ["", "\n", "\r", "\r\n"]) {
        expect(await read(['data: {"n":1}\n\n', `data: {"n":2}${end}`]), JSON.stringify(end)).toEqual([
          { n: 1 },
          { n: 2 },
        ]);
      }
    });

    it("yields a message as soon as its blank line arrives, before reading further", async () => {
      const chunks = ['data: {"n":1}\n', '\ndata: {"n":2}', "\n\n"];
      let pulls = 0;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            const chunk = chunks[pulls++];
            if (chunk === undefined) controller.close();
            else controller.enqueue(encoder.encode(chunk));
          },
        },
        { highWaterMark: 0 },
      );
      fetchMock.mockResolvedValue(new Response(body, { headers: { "content-type": "text/event-stream" } }));
      const stream = postStream("/v1/chat_session/chat", {});
      await expect(stream.next()).resolves.toEqual({ done: false, value: { n: 1 } });
      expect(pulls).toBe(2);
      await expect(stream.next()).resolves.toEqual({ done: false, value: { n: 2 } });
      expect(pulls).toBe(3);
      await expect(stream.next()).resolves.toEqual({ done: true, value: undefined });
    });
  });

  it("decodes multi-byte characters split across chunks", async () => {
    const bytes = new TextEncoder().encode('data: {"text":"猫"}\n\nevent: close\n\n');
    const cut = bytes.indexOf(0xe7) + 1; // inside the 3-byte character
    fetchMock.mockResolvedValue(sseResponse([bytes.slice(0, cut), bytes.slice(cut)]));
    expect(await collect(postStream("/v1/chat_session/chat", {}))).toEqual([{ text: "猫" }]);
  });

  it("ends quietly when the stream ends without a close event", async () => {
    fetchMock.mockResolvedValue(sseResponse(['data: {"n":1}\n\ndata: {"n":2}']));
    expect(await collect(postStream("/v1/chat_session/chat", {}))).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("throws an ApiError with code, msg and data for a JSON refusal", async () => {
    fetchMock.mockResolvedValue(json({ code: 4002, msg: "Not enough coins", data: { balance: 0 } }, 402));
    const { error, seen } = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(seen).toEqual([]);
    expect(error).toMatchObject({ code: 4002, msg: "Not enough coins", message: "Not enough coins" });
    expect(error.data).toEqual({ balance: 0 });
  });

  it("defaults the message to 'Request failed'", async () => {
    fetchMock.mockResolvedValue(json({ code: 500 }, 500));
    const { error } = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(error).toMatchObject({ code: 500, msg: "Request failed", data: null });
  });

  it("calls the unauthorized handler on a 401 refusal", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(json({ code: 401, msg: "expired", data: null }, 401));
    const { error } = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(error.code).toBe(401);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("throws for a JSON answer without a code", async () => {
    fetchMock.mockResolvedValue(json({ hello: "world" }));
    const { error } = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(error).toMatchObject({ code: -1, msg: "Request failed" });
  });

  it("throws for a JSON content type with an unparseable body", async () => {
    fetchMock.mockResolvedValue(new Response("{oops", { headers: { "content-type": "application/json" } }));
    const { error } = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(error.code).toBe(-1);
  });

  it("reads a JSON answer exactly as apiPost does: same data, same error, same 401 hook", async () => {
    const answers: Array<[string, () => Response]> = [
      ["success", () => json({ code: 0, msg: "success", data: { balance: 3 } })],
      ["refusal", () => json({ code: 40201, msg: "Daily free replies used up", data: { left: 0 } }, 402)],
      ["server error", () => json({ code: 500 }, 500)],
      ["401 envelope", () => json({ code: 401, msg: "expired", data: null }, 401)],
      ["401 code on HTTP 200", () => json({ code: 401, msg: "expired", data: null })],
      ["success code on HTTP 401", () => json({ code: 0, msg: "success", data: { a: 1 } }, 401)],
      [
        "401 without an envelope",
        () => new Response("{nope", { status: 401, headers: { "content-type": "application/json" } }),
      ],
      ["no code", () => json({ hello: "world" })],
      ["not JSON", () => new Response("{oops", { headers: { "content-type": "application/json" } })],
    ];
    const settle = async (run: () => Promise<unknown>) => {
      const handler = vi.fn();
      setUnauthorizedHandler(handler);
      try {
        return { value: await run(), hookCalls: handler.mock.calls.length };
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        const { name, code, msg, message, data, status, body } = error as ApiError;
        return { error: { name, code, msg, message, data, status, body }, hookCalls: handler.mock.calls.length };
      }
    };
    for (const [label, answer] of answers) {
      fetchMock.mockImplementation(async () => answer());
      const viaClient = await settle(() => apiPost("/v1/chat_session/chat", {}));
      const viaStream = await settle(() => collect(postStream("/v1/chat_session/chat", {})).then(([first]) => first));
      expect(viaStream, label).toEqual(viaClient);
    }
  });

  it("a 401 without an envelope runs the 401 hook and rejects with code 401", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(
      new Response("{nope", { status: 401, headers: { "content-type": "application/json" } }),
    );
    const { error } = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(error).toMatchObject({ code: 401, status: 401, msg: "Request failed" });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("throws for a missing body", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 200, headers: { "content-type": "text/event-stream" } }));
    const { error } = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(error).toMatchObject({ code: -1, msg: "Request failed" });
  });

  it("throws the error field of a streamed message after the earlier messages", async () => {
    const text =
      'data: {"type":"delta","text":"Hel"}\n\n' +
      'data: {"error":{"code":5003,"msg":"Model unavailable"}}\n\n' +
      "event: close\n\n";
    fetchMock.mockResolvedValue(sseResponse([text]));
    const { error, seen } = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(seen).toEqual([{ type: "delta", text: "Hel" }]);
    expect(error).toMatchObject({ code: 5003, msg: "Model unavailable" });
  });

  it("accepts a string error and an error with `message`", async () => {
    fetchMock.mockResolvedValueOnce(sseResponse(['data: {"error":"upstream timeout"}\n\n']));
    const first = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(first.error).toMatchObject({ code: -1, msg: "upstream timeout" });

    fetchMock.mockResolvedValueOnce(sseResponse(['data: {"error":{"message":"boom"}}\n\n']));
    const second = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(second.error.msg).toBe("boom");
  });

  it("throws an ApiError for a message that is not JSON", async () => {
    fetchMock.mockResolvedValue(sseResponse(["data: {not json\n\n"]));
    const { error } = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(error.code).toBe(-1);
  });

  it("turns a failed fetch into a network ApiError", async () => {
    fetchMock.mockRejectedValue(new TypeError("fetch failed"));
    const { error } = await streamError(postStream("/v1/chat_session/chat", {}));
    expect(error).toMatchObject({ code: -2, msg: "Network error. Please try again later." });
  });

  it("rejects with the AbortError when the signal aborts mid-stream", async () => {
    const controller = new AbortController();
    const encoder = new TextEncoder();
    fetchMock.mockImplementation(async (_input, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(ctrl) {
          ctrl.enqueue(encoder.encode('data: {"n":1}\n\n'));
          init?.signal?.addEventListener("abort", () => ctrl.error(init.signal?.reason));
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    });

    const stream = postStream("/v1/chat_session/chat", {}, { signal: controller.signal });
    await expect(stream.next()).resolves.toEqual({ done: false, value: { n: 1 } });
    const pending = stream.next();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  it("rejects at once when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockImplementation(async (_input, init) => {
      throw init?.signal?.reason;
    });
    await expect(postStream("/v1/chat_session/chat", {}, { signal: controller.signal }).next()).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  it("cancels the response body when the consumer stops early", async () => {
    const onCancel = vi.fn();
    const encoder = new TextEncoder();
    fetchMock.mockImplementation(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(ctrl) {
          ctrl.enqueue(encoder.encode('data: {"n":1}\n\ndata: {"n":2}\n\n'));
        },
        cancel: onCancel,
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    });
    for await (const message of postStream("/v1/chat_session/chat", {})) {
      expect(message).toEqual({ n: 1 });
      break;
    }
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
