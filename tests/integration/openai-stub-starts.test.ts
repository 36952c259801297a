import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type OpenAiStub, startOpenAiStub } from "@/tests/support/openai-stub-server.mjs";

/**
 * The stub notes when each streamed reply started (bench/chat-relay.ts splits a crowd's first tokens with them):
 * when it took the connection, whether the connection had served a request before, and when the request, the
 * head and the first word came.
 */
let stub: OpenAiStub;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  stub = await startOpenAiStub({ tokenDelayMs: 2 });
});

afterAll(async () => {
  agent.destroy();
  await stub.close();
});

function streamReply(): Promise<void> {
  const body = JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "Hello there" }] });
  return new Promise((resolve, reject) => {
    const req = http.request(`${stub.baseUrl}/chat/completions`, { method: "POST", agent }, (res) => {
      res.resume();
      res.on("end", resolve);
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

it("notes each streamed reply's start, in order, and tells a new connection from a kept-alive one", async () => {
  const before = stub.starts.length;
  const sentAt = performance.now();
  await streamReply();
  await streamReply();
  const doneAt = performance.now();
  const [first, second, ...more] = stub.starts.slice(before);
  expect(more).toEqual([]);
  expect(first?.reused).toBe(false);
  expect(second?.reused).toBe(true);
  for (const start of [first, second]) {
    if (!start) throw new Error("a start is missing");
    expect(start.connectedAt).toBeGreaterThanOrEqual(sentAt);
    expect(start.receivedAt).toBeGreaterThanOrEqual(start.connectedAt);
    expect(start.headAt).toBeGreaterThanOrEqual(start.receivedAt);
    expect(start.firstWordAt).toBeGreaterThanOrEqual(start.headAt);
    expect(start.firstWordAt).toBeLessThanOrEqual(doneAt);
  }
  // One connection served both.
  expect(second?.connectedAt).toBe(first?.connectedAt);
});
