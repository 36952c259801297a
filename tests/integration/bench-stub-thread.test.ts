import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";
import { afterAll, expect, it } from "vitest";
import { startBenchStub, type BenchStub } from "@/bench/lib/bench-stub";
import { cleanupAll } from "@/bench/lib/harness";

/**
 * The chat bench's stub on a worker thread (--stub-thread): its counters are read in shared memory as they change,
 * its times come back on this thread's clock, and over TLS it counts its handshakes there too.
 */
// The TLS stub points NODE_EXTRA_CA_CERTS at its root for the processes a bench starts after it.
const extraCaBefore = process.env.NODE_EXTRA_CA_CERTS;

afterAll(async () => {
  await cleanupAll();
  if (extraCaBefore === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
  else process.env.NODE_EXTRA_CA_CERTS = extraCaBefore;
});

function streamReply(stub: BenchStub): Promise<string> {
  const body = JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "Hello there" }] });
  const request = stub.baseUrl.startsWith("https:") ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(`${stub.baseUrl}/chat/completions`, { method: "POST", agent: stub.agent }, (res) => {
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
  const stub = await startBenchStub({ tokenDelayMs: 2, listenCopies: 1, tls: false, thread: true });
  const before = { ...stub.stats };
  const startsBefore = await stub.startCount();
  const sentAt = performance.now();
  const completed = stub.until("completed", before.completed + 1);
  const text = await streamReply(stub);
  const receivedAllAt = performance.now();
  expect(text).toContain("data: [DONE]");
  const completedAt = await completed;
  expect(completedAt).toBeGreaterThanOrEqual(sentAt);
  expect(completedAt).toBeLessThanOrEqual(performance.now());
  expect(stub.stats.requests).toBe(before.requests + 1);
  expect(stub.stats.chunks).toBeGreaterThan(before.chunks);
  expect(await stub.lastRequest()).toMatchObject({ model: "m", stream: true });
  expect(await stub.startCount()).toBe(startsBefore + 1);
  const [start, ...more] = await stub.starts(startsBefore);
  expect(more).toEqual([]);
  expect(start?.receivedAt).toBeGreaterThanOrEqual(sentAt);
  expect(start?.firstWordAt).toBeLessThanOrEqual(receivedAllAt);
  expect(stub.handshakes()).toEqual({ full: 0, resumed: 0 });
});

it("over TLS, counts the handshakes it made on its thread", async () => {
  const stub = await startBenchStub({ tokenDelayMs: 2, listenCopies: 0, tls: true, thread: true });
  expect(stub.baseUrl).toMatch(/^https:/);
  expect(await streamReply(stub)).toContain("data: [DONE]");
  expect(stub.handshakes().full + stub.handshakes().resumed).toBe(1);
  expect(stub.handshakesSince({ full: 0, resumed: 0 })).toMatch(/TLS handshakes \d full, \d resumed/);
});
