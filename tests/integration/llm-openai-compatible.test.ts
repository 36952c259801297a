import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { parseConfig } from "@/server/config";
import { createLlmProvider } from "@/server/providers/llm/create-llm-provider";
import { chatCompletionsTarget, streamChatCompletion } from "@/server/providers/llm/openai-chat-stream";
import { createOpenAiCompatibleProvider } from "@/server/providers/llm/openai-compatible";
import { LlmError, type LlmProvider, type ReplyRequest, type ReplyStream } from "@/server/providers/llm/types";
import type { UpstreamConnection, UpstreamPool } from "@/server/providers/llm/upstream-pool";
import { type OpenAiStub, startOpenAiStub } from "@/tests/support/openai-stub-server.mjs";
import { drainReply } from "@/tests/support/drain-reply";

const API_KEY = "sk-test-0123456789";

const chatRequestBody = z.object({
  model: z.string(),
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
  stream: z.literal(true),
  stream_options: z.object({ include_usage: z.literal(true) }),
  max_tokens: z.number(),
});

let stub: OpenAiStub;
let provider: LlmProvider;

beforeAll(async () => {
  stub = await startOpenAiStub({ apiKey: API_KEY, tokenDelayMs: 2 });
  provider = createOpenAiCompatibleProvider({ baseUrl: stub.baseUrl, apiKey: API_KEY });
});

afterAll(async () => {
  await stub.close();
});

function request(
  userMessage: string,
  options: { signal?: AbortSignal; model?: string; maxOutputTokens?: number } = {},
): ReplyRequest {
  return {
    model: options.model ?? "stub-model",
    system: "You are Aria.",
    messages: [
      { role: "assistant", content: "Hello!" },
      { role: "user", content: userMessage },
    ],
    maxOutputTokens: options.maxOutputTokens ?? 256,
    abortSignal: options.signal ?? new AbortController().signal,
    demo: { characterName: "Aria", userName: "Sam", persona: "", scenario: "", greeting: "Hello!", userMessage },
  };
}

function lastBody() {
  return chatRequestBody.parse(stub.requests.at(-1));
}

describe.each(["iterate", "pipe"] as const)(
  "OpenAI-compatible provider against a real HTTP server, read by %s",
  (how) => {
    const drain = (stream: ReplyStream, onChunk?: (chunk: string, index: number) => void) =>
      drainReply(stream, onChunk, how);
    it("streams the reply in order and reports the upstream's usage", async () => {
      const stream = provider.streamReply(request("hello there"));
      const { chunks, error } = await drain(stream);
      expect(error).toBeNull();
      expect(chunks.length).toBe(7);
      expect(chunks.join("")).toBe('Reply from stub-model: you said "hello there".');
      const usage = await stream.usage();
      expect(usage.outputTokens).toBe(7);
      expect(usage.inputTokens).toEqual(expect.any(Number));
      expect(usage.inputTokens).toBeGreaterThan(0);

      const body = lastBody();
      expect(body.model).toBe("stub-model");
      expect(body.max_tokens).toBe(256);
      expect(body.messages).toEqual([
        { role: "system", content: "You are Aria." },
        { role: "assistant", content: "Hello!" },
        { role: "user", content: "hello there" },
      ]);
    });

    it("passes maxOutputTokens upstream", async () => {
      const stream = provider.streamReply(request("[[long]]", { maxOutputTokens: 5 }));
      const { chunks } = await drain(stream);
      expect(chunks).toHaveLength(5);
      expect((await stream.usage()).outputTokens).toBe(5);
    });

    it("throws an upstream LlmError on an HTTP 500", async () => {
      const stream = provider.streamReply(request("please [[fail]]"));
      const { chunks, error } = await drain(stream);
      expect(chunks).toEqual([]);
      expect(error).toBeInstanceOf(LlmError);
      expect((error as LlmError).kind).toBe("upstream");
      expect((error as LlmError).message).toMatch(/HTTP 500.*failed on purpose/);
      expect(await stream.usage()).toEqual({ inputTokens: null, outputTokens: null });
    });

    it("throws a malformed LlmError on an unparseable chunk, after the good text", async () => {
      const { chunks, error } = await drain(provider.streamReply(request("[[malformed]]")));
      expect(chunks).toEqual(["Reply"]);
      expect(error).toBeInstanceOf(LlmError);
      expect((error as LlmError).kind).toBe("malformed");
    });

    it("throws an upstream LlmError when the connection is cut mid-reply", async () => {
      const { chunks, error } = await drain(provider.streamReply(request("[[cut]]")));
      expect(chunks).toEqual(["Reply", " from", " stub-model:"]);
      expect(error).toBeInstanceOf(LlmError);
      expect((error as LlmError).kind).toBe("upstream");
    });

    it("throws an upstream LlmError when nothing listens at the base URL", async () => {
      const closed = await startOpenAiStub();
      await closed.close();
      const unreachable = createOpenAiCompatibleProvider({ baseUrl: closed.baseUrl });
      const { error } = await drain(unreachable.streamReply(request("hello")));
      expect(error).toBeInstanceOf(LlmError);
      expect((error as LlmError).kind).toBe("upstream");
    });

    it("ends quietly on abort while the upstream stalls, and closes the connection", async () => {
      const abortedBefore = stub.stats.aborted;
      const controller = new AbortController();
      const stream = provider.streamReply(request("[[stall]]", { signal: controller.signal }));
      const drained = drain(stream);
      // The stub has the request and sends nothing: only the abort can end the reply.
      await stub.until("accepted", stub.requests.length + 1);
      controller.abort();
      const { chunks, error } = await drained;
      expect(chunks).toEqual([]);
      expect(error).toBeNull();
      await stub.until("aborted", abortedBefore + 1);
      expect(await stream.usage()).toEqual({ inputTokens: null, outputTokens: null });
    });

    it("stops mid-reply on abort, with no text after it, and closes the connection", async () => {
      const abortedBefore = stub.stats.aborted;
      const controller = new AbortController();
      let atAbort = -1;
      const { chunks, error } = await drain(
        provider.streamReply(request("[[slow]]", { signal: controller.signal })),
        (_chunk, i) => {
          if (i === 1) {
            controller.abort();
            atAbort = i + 1;
          }
        },
      );
      expect(error).toBeNull();
      expect(chunks).toHaveLength(atAbort);
      expect(chunks.join("")).toBe("Slow reply");
      await stub.until("aborted", abortedBefore + 1);
    });

    it("closes the connection when the reader stops early", async () => {
      const abortedBefore = stub.stats.aborted;
      const stream = provider.streamReply(request("[[slow]]"));
      for await (const chunk of stream.textStream) {
        expect(chunk).toBe("Slow");
        break;
      }
      await stub.until("aborted", abortedBefore + 1);
    });

    it("sends the API key as a Bearer token", async () => {
      const { error } = await drain(provider.streamReply(request("hi")));
      expect(error).toBeNull();
      for (const apiKey of ["wrong-key", undefined]) {
        const other = createOpenAiCompatibleProvider({ baseUrl: stub.baseUrl, apiKey });
        const result = await drain(other.streamReply(request("hi")));
        expect(result.error).toBeInstanceOf(LlmError);
        expect((result.error as LlmError).message).toMatch(/HTTP 401.*Incorrect API key/);
      }
    });

    it("picks the upstream model id from LLM_MODELS", async () => {
      const configured = createLlmProvider(
        parseConfig({
          LLM_BASE_URL: stub.baseUrl,
          LLM_API_KEY: API_KEY,
          LLM_MODELS: "standard=small-one,premium=big-one",
        }),
      );
      const model = configured.upstreamModel("premium", "demo-premium");
      expect(model).toBe("big-one");
      const { chunks } = await drain(configured.streamReply(request("which model?", { model })));
      expect(chunks.join("")).toBe('Reply from big-one: you said "which model?".');
      expect(lastBody().model).toBe("big-one");
    });
  },
);

describe("OpenAI-compatible provider read by pipeText", () => {
  it("ends the reading with an LlmError and closes the connection when the reader throws, without crashing", async () => {
    const abortedBefore = stub.stats.aborted;
    const stream = provider.streamReply(request("[[slow]]"));
    const error: unknown = await stream
      .pipeText(() => {
        throw new Error("reader broke");
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).message).toContain("reader broke");
    await stub.until("aborted", abortedBefore + 1);
    expect(await stream.usage()).toEqual({ inputTokens: null, outputTokens: null });
  });
});

describe("OpenAI-compatible provider before its reader comes", () => {
  /** A target whose pool hands out connections the test can look at. */
  function watchedTarget() {
    const target = chatCompletionsTarget(stub.baseUrl, API_KEY);
    const connections: UpstreamConnection[] = [];
    const pool = target.pool;
    const watched: UpstreamPool = {
      origin: pool.origin,
      acquire(fresh) {
        const connection = pool.acquire(fresh);
        connections.push(connection);
        return connection;
      },
      release: (connection, keep) => pool.release(connection, keep),
      close: () => pool.close(),
    };
    return { target: { ...target, pool: watched }, connections };
  }

  it.each(["iterate", "pipe"] as const)(
    "stops reading the upstream once text waits for nobody, then hands over all of it in order (%s)",
    async (how) => {
      const { target, connections } = watchedTarget();
      const completedBefore = stub.stats.completed;
      const stream = streamChatCompletion(target, request("hello there"));
      // The stub has written the whole reply; nobody has asked for it yet (the turn is still being stored).
      await stub.until("completed", completedBefore + 1);
      expect(connections).toHaveLength(1);
      // The stub's last write and this client's read of it are two events of this process, in either order: the
      // test waits for the pause itself (it never comes if text that waits for nobody is still read).
      const socket = connections[0]!.socket;
      if (!socket.isPaused()) await once(socket, "pause");
      expect(socket.isPaused()).toBe(true);

      const { chunks, error } = await drainReply(stream, undefined, how);
      expect(error).toBeNull();
      expect(chunks.join("")).toBe('Reply from stub-model: you said "hello there".');
      expect((await stream.usage()).outputTokens).toBe(7);
      target.pool.close();
    },
  );
});
