/**
 * The bench's model stub on a thread of its own (bench-stub.ts, --stub-thread): the stub's writes (one system call
 * per word per stream) and the clients' reads then do not queue behind each other in one event loop. Its counters
 * live in shared memory, read by the bench's thread as they change; the rest is asked for by message.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { TLSSocket } from "node:tls";
import { z } from "zod";
import { addListenHandles } from "../../server/http/listen-handles";
import { startOpenAiStub } from "../../tests/support/openai-stub-server.mjs";
import { STUB_COUNTERS, STUB_STATS, stubRequestSchema, type StubReply } from "./stub-thread-protocol";

const port = parentPort;
if (!port) throw new Error("stub-worker.ts runs as a worker thread");
const data = z
  .object({
    tokenDelayMs: z.number(),
    listenCopies: z.number(),
    tls: z.object({ key: z.instanceof(Uint8Array), cert: z.instanceof(Uint8Array) }).optional(),
    counters: z.instanceof(SharedArrayBuffer),
  })
  .parse(workerData);

const counters = new Int32Array(data.counters);
const tls = data.tls ? { key: Buffer.from(data.tls.key), cert: Buffer.from(data.tls.cert) } : undefined;
const stub = await startOpenAiStub({ tokenDelayMs: data.tokenDelayMs, tls });
// The stub adds to its `stats` object's fields; each becomes a view of its shared counter.
for (const [i, name] of STUB_STATS.entries()) {
  Atomics.store(counters, i, stub.stats[name]);
  Object.defineProperty(stub.stats, name, {
    enumerable: true,
    get: () => Atomics.load(counters, i),
    set: (value: number) => Atomics.store(counters, i, value),
  });
}
stub.server.on("secureConnection", (socket: TLSSocket) => {
  Atomics.add(counters, STUB_COUNTERS.indexOf(socket.isSessionReused() ? "tlsResumed" : "tlsFull"), 1);
});
const copies = await addListenHandles(stub.server, data.listenCopies);

const reply = (message: StubReply) => port.postMessage(message);
port.on("message", (raw: unknown) => {
  const request = stubRequestSchema.parse(raw);
  switch (request.type) {
    case "last-request":
      return reply({ id: request.id, value: stub.requests.at(-1) ?? null });
    case "starts":
      return reply({ id: request.id, value: stub.starts.slice(request.from) });
    case "start-count":
      return reply({ id: request.id, value: stub.starts.length });
    case "until":
      return void stub
        .until(request.stat, request.count)
        .then(() => reply({ id: request.id, value: performance.now() }));
    case "close":
      for (const copy of copies) copy.close();
      return void stub.close().then(() => reply({ id: request.id, value: null }));
  }
});
reply({
  id: 0,
  value: { baseUrl: stub.baseUrl, port: stub.port, handles: copies.length + 1, timeOrigin: performance.timeOrigin },
});
