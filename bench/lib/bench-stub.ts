/**
 * bench/chat-relay.ts's upstream: the OpenAI-compatible stub, with more handles accepting for it (a provider takes
 * a crowd's connections at once; one handle took one per busy loop turn: listen-handles.ts), over TLS with --tls.
 * Then the servers the bench starts trust its root through NODE_EXTRA_CA_CERTS (set here, before they are started,
 * so the system's store verifies as in production), and `agent` asks it directly.
 *
 * It runs in the bench's thread, beside the clients, or with `thread` on a worker thread of its own
 * (stub-worker.ts): a provider answers a crowd from other machines, and on one thread a crowd's word writes (a
 * system call each) and the clients' reads took turns, so a new request waited for both.
 */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";
import type { TLSSocket } from "node:tls";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { addListenHandles } from "../../server/http/listen-handles";
import { startOpenAiStub, type OpenAiStub, type OpenAiStubStats } from "../../tests/support/openai-stub-server.mjs";
import { onCleanup } from "./harness";
import {
  STUB_COUNTERS,
  STUB_STATS,
  stubReadySchema,
  stubReplySchema,
  stubStartsSchema,
  type StubQuestion,
} from "./stub-thread-protocol";
import { makeCertificateChain } from "./tls-chain";

export type StubStart = OpenAiStub["starts"][number];
type Handshakes = { full: number; resumed: number };

export interface BenchStub {
  baseUrl: string;
  port: number;
  /** "in this thread" or "on a worker thread". */
  where: string;
  /** The stub's counters, read as they are now. */
  stats: Readonly<OpenAiStubStats>;
  /** For requests straight to the stub. */
  agent: http.Agent;
  /** Its listening handles, its own included. */
  handles: number;
  /** With --tls: the handshakes it has made so far, and how many resumed a session (upstream-pool.ts). */
  handshakes(): Handshakes;
  /** The handshakes since `before` (from handshakes()), as text; "" without TLS. */
  handshakesSince(before: Handshakes): string;
  /** The body of the last chat completion request the stub accepted. */
  lastRequest(): Promise<unknown>;
  /** How many streamed replies the stub has started so far. */
  startCount(): Promise<number>;
  /** The streamed replies' starts from the `from`-th on, in this thread's performance.now(). */
  starts(from?: number): Promise<StubStart[]>;
  /** Resolves, with this thread's performance.now() when it happened, once the counter has reached `count`. */
  until(stat: keyof OpenAiStubStats | "accepted", count: number): Promise<number>;
}

export async function startBenchStub(opts: {
  tokenDelayMs: number;
  listenCopies: number;
  tls: boolean;
  thread: boolean;
}): Promise<BenchStub> {
  let tls: { key: Buffer; cert: Buffer } | undefined;
  let agent: http.Agent;
  if (opts.tls) {
    const chain = makeCertificateChain();
    tls = { key: fs.readFileSync(chain.key), cert: fs.readFileSync(chain.chain) };
    process.env.NODE_EXTRA_CA_CERTS = chain.root;
    agent = new https.Agent({ keepAlive: true, maxSockets: Infinity, ca: fs.readFileSync(chain.root) });
  } else agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  onCleanup("close the stub's agent", async () => agent.destroy());
  const handshakesSince = (now: Handshakes, before: Handshakes) =>
    opts.tls ? `; TLS handshakes ${now.full - before.full} full, ${now.resumed - before.resumed} resumed` : "";
  return opts.thread
    ? startOnThread({ ...opts, tls }, agent, handshakesSince)
    : startHere({ ...opts, tls }, agent, handshakesSince);
}

type StartOptions = { tokenDelayMs: number; listenCopies: number; tls?: { key: Buffer; cert: Buffer } };
type Since = (now: Handshakes, before: Handshakes) => string;

async function startHere(opts: StartOptions, agent: http.Agent, since: Since): Promise<BenchStub> {
  const stub = await startOpenAiStub({ tokenDelayMs: opts.tokenDelayMs, tls: opts.tls });
  onCleanup("close the stub", () => stub.close());
  const handshakes = { full: 0, resumed: 0 };
  stub.server.on("secureConnection", (socket: TLSSocket) => {
    if (socket.isSessionReused()) handshakes.resumed++;
    else handshakes.full++;
  });
  const copies = await addListenHandles(stub.server, opts.listenCopies);
  onCleanup("close the stub's listening copies", async () => copies.forEach((c) => c.close()));
  return {
    baseUrl: stub.baseUrl,
    port: stub.port,
    where: "in this thread, beside the clients",
    stats: stub.stats,
    agent,
    handles: copies.length + 1,
    handshakes: () => ({ ...handshakes }),
    handshakesSince: (before) => since(handshakes, before),
    lastRequest: async () => stub.requests.at(-1),
    startCount: async () => stub.starts.length,
    starts: async (from = 0) => stub.starts.slice(from),
    until: (stat, count) => stub.until(stat, count).then(() => performance.now()),
  };
}

async function startOnThread(opts: StartOptions, agent: http.Agent, since: Since): Promise<BenchStub> {
  const shared = new SharedArrayBuffer(STUB_COUNTERS.length * Int32Array.BYTES_PER_ELEMENT);
  const counters = new Int32Array(shared);
  const worker = new Worker(new URL("./stub-worker-entry.mjs", import.meta.url), {
    workerData: { tokenDelayMs: opts.tokenDelayMs, listenCopies: opts.listenCopies, tls: opts.tls, counters: shared },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  const ready = new Promise<unknown>((resolve, reject) => pending.set(0, { resolve, reject }));
  worker.on("message", (raw: unknown) => {
    const { id, value } = stubReplySchema.parse(raw);
    pending.get(id)?.resolve(value);
    pending.delete(id);
  });
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`the stub's thread exited (${code})`)));
  const ask = (request: StubQuestion) => {
    if (failure) return Promise.reject<unknown>(failure);
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const { baseUrl, port, handles, timeOrigin } = stubReadySchema.parse(await ready);
  // Its performance.now() counts from its own start: moved onto this thread's.
  const here = (at: number) => at + timeOrigin - performance.timeOrigin;
  onCleanup("close the stub's thread", async () => {
    await ask({ type: "close" }).catch(() => undefined);
    await worker.terminate();
  });
  const counter = (name: (typeof STUB_COUNTERS)[number]) => Atomics.load(counters, STUB_COUNTERS.indexOf(name));
  // Each stat a getter, read as it is now (`{ ...stats }` takes a copy).
  const stats = Object.defineProperties(
    {},
    Object.fromEntries(STUB_STATS.map((name) => [name, { enumerable: true, get: () => counter(name) }])),
  ) as OpenAiStubStats;
  const handshakes = () => ({ full: counter("tlsFull"), resumed: counter("tlsResumed") });
  return {
    baseUrl,
    port,
    where: "on a worker thread of the bench's process",
    stats,
    agent,
    handles,
    handshakes,
    handshakesSince: (before) => since(handshakes(), before),
    lastRequest: () => ask({ type: "last-request" }),
    startCount: async () => z.number().parse(await ask({ type: "start-count" })),
    starts: async (from = 0) =>
      stubStartsSchema.parse(await ask({ type: "starts", from })).map((s) => ({
        ...s,
        connectedAt: here(s.connectedAt),
        receivedAt: here(s.receivedAt),
        headAt: here(s.headAt),
        firstWordAt: s.firstWordAt === null ? null : here(s.firstWordAt),
      })),
    until: async (stat, count) => here(z.number().parse(await ask({ type: "until", stat, count }))),
  };
}
