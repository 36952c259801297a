import http from "node:http";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBenchStub, type BenchStub } from "@/bench/lib/bench-stub";
import { cleanupAll } from "@/bench/lib/harness";

/**
 * The chat bench's stub on a worker thread (--stub-thread): its counters are read in shared memory as they change,
 * and its times come back on this thread's clock.
 */
let stub: BenchStub;

beforeAll(async () => {
  stub = await startBenchStub({ tokenDelayMs: 2, listenCopies: 1, tls: false, thread: true });
});

afterAll(async () => {
  await cleanupAll();
});

function streamReply(): Promise<string> {
  const body = JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "Hello there" }] });
  return new Promise((resolve, reject) => {
    const req = http.request(`${stub.baseUrl}/chat/completions`, { method: "POST", agent: stub.agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (piece: string) => (text += piece));
      res.on("end", () => resolve(text));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

it("answers from its thread, counts in shared memory and gives its times on this thread's clock", async () => {
  const before = { ...stub.stats };
  const sentAt = performance.now();
  const completed = stub.until("completed", before.completed + 1);
  const text = await streamReply();
  const receivedAllAt = performance.now();
  expect(text).toContain("data: [DONE]");
  expect(await completed).toBeLessThanOrEqual(performance.now());
  expect(stub.stats.requests).toBe(before.requests + 1);
  expect(stub.stats.chunks).toBeGreaterThan(before.chunks);
  expect(await stub.lastRequest()).toMatchObject({ model: "m", stream: true });
  const [start] = await stub.starts((await stub.starts()).length - 1);
  expect(start?.receivedAt).toBeGreaterThanOrEqual(sentAt);
  expect(start?.firstWordAt).toBeLessThanOrEqual(receivedAllAt);
});
