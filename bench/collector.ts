/**
 * The analytics collector under load, on Postgres: events stored per second through the real endpoint
 * (POST /v1/sa.gif, the SDK's batch format), the server's CPU per event, and chat latency with the collector idle
 * and loaded. Prints figures beside the goal; never asserts on them. See bench/README.md.
 *
 *   npm run bench:collector [-- --senders 50] [--batch 50] [--batches 6000] [--chat 30] [--warmup 3]
 *                              [--token-delay-ms 15] [--rate EVENTS_PER_S] [--cpu-prof DIR]
 *
 * - `--rate`: the senders keep to that many events a second in all (batch i leaves at i × batch / rate s),
 *   to read chat latency at a given collector load rather than at the most the machine can take (the default).
 *
 * - Server: our API without Next (which /v1 never reaches) in a child process (bench/lib/chat-server-child.ts via
 *   startApiInProcess: the collector's buffered writer as the real server has it, the real OpenAI-compatible
 *   provider, a memory store, no rate limits, daily byte budget or table cap: every sender is one address), so
 *   its CPU is its own.
 * - Database: a fresh database kewl_bench_collector_<random> on BENCH_DATABASE_URL ?? postgresql://postgres@
 *   127.0.0.1:5432/postgres, migrated by the server, dropped at the end (also on error or Ctrl-C).
 * - Load: `--senders` concurrent senders (keep-alive) post `--batches` batches of `--batch` unique SDK-shaped
 *   events (bench/lib/collector-load.ts). Stored per second: from the first batch sent until `select count(*)`
 *   on the table reaches every accepted event (so the writer's queue is drained).
 * - Chat: time to first token of a streamed reply (POST /v1/chat_session/chat against
 *   tests/support/openai-stub-server.mjs in this process, as bench/chat-relay.ts measures it), `--chat` requests
 *   one after another with the collector idle, then as many (at most) while the load runs; each from a new user.
 * - CPU: the server child's (all its threads), the local Postgres server's (from /proc) and this process's (the
 *   senders, the stub and the chat client), over the loaded window.
 */
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startOpenAiStub } from "../tests/support/openai-stub-server.mjs";
import { batchBody, sdkShapedEvent } from "./lib/collector-load";
import { eachFlag, intFlag, onCleanup, out, percentile, printTable, runBench } from "./lib/harness";
import { cpuMeter, fixed, poster, runPool } from "./lib/payments-load";
import { createScratchDatabase, DEFAULT_ADMIN_URL } from "./lib/scratch-database";
import { timeStream, type StreamTiming } from "./lib/sse-timing";
import { startServerChild } from "./lib/start-chat-server-child";

const GOAL_STORED_PER_SECOND = 20_000;
const CHAT_PATH = "/v1/chat_session/chat";
const COLLECTOR_PATH = "/v1/sa.gif";
const MESSAGE = "Tell me about the lighthouse keeper and the storm that night.";

interface Options {
  senders: number;
  batch: number;
  batches: number;
  chat: number;
  warmup: number;
  tokenDelayMs: number;
  /** Events a second the senders keep to in all; 0: as fast as answers come. */
  rate: number;
  cpuProf?: string;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { senders: 50, batch: 50, batches: 6000, chat: 30, warmup: 3, tokenDelayMs: 15, rate: 0 };
  eachFlag(argv, (flag, arg, value) => {
    if (flag === "--senders") opts.senders = intFlag(flag, value(), 1);
    else if (flag === "--batch") opts.batch = intFlag(flag, value(), 1);
    else if (flag === "--batches") opts.batches = intFlag(flag, value(), 1);
    else if (flag === "--chat") opts.chat = intFlag(flag, value(), 1);
    else if (flag === "--warmup") opts.warmup = intFlag(flag, value(), 0);
    else if (flag === "--token-delay-ms") opts.tokenDelayMs = intFlag(flag, value(), 0);
    else if (flag === "--rate") opts.rate = intFlag(flag, value(), 0);
    else if (flag === "--cpu-prof") opts.cpuProf = path.resolve(value() ?? "bench-profiles");
    else throw new Error(`unknown flag ${arg}`);
  });
  return opts;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const f1 = (n: number) => (Number.isNaN(n) ? "-" : n.toFixed(1));
const ownCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  out(`Collector bench — ${new Date().toISOString()}`);
  out(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "?"}), node ${process.version}, ` +
      `load average ${loadAverage()}`,
  );
  out(
    `goal: at least ${fixed(GOAL_STORED_PER_SECOND)} events/s stored through the endpoint (${opts.senders} senders, ` +
      `batches of ${opts.batch}); chat latency unaffected within noise while it runs`,
  );

  const scratch = await createScratchDatabase(
    process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL,
    "kewl_bench_collector_",
  );
  const { default: pg } = await import("pg");
  const counter = new pg.Client({ connectionString: scratch.url });
  const stub = await startOpenAiStub({ tokenDelayMs: opts.tokenDelayMs });
  onCleanup("close the stub", () => stub.close());
  const users = opts.warmup + 2 * opts.chat;
  const server = await startServerChild(stub.baseUrl, scratch.url, users, opts.cpuProf);
  await counter.connect();
  onCleanup("close the counting client", () => counter.end());
  out(`database: Postgres ${scratch.safeUrl} (dropped at the end)`);
  out(
    `server: our API without Next in a child process (pid ${server.pid}): the collector's writer as in production ` +
      `(every 500 ms or 1,000 events, up to 4 INSERTs at a time, queue of 50,000), no rate limits, byte budget or ` +
      `table cap; ready in ` +
      `${(server.setupMs / 1000).toFixed(1)} s`,
  );

  const storedCount = async () => {
    const { rows } = await counter.query<{ n: string }>("select count(*) as n from analytics_events");
    return Number(rows[0]?.n ?? 0);
  };

  // ---- chat, one request at a time
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  onCleanup("close the chat agent", async () => agent.destroy());
  const tokens = [...server.tokens];
  const chatOnce = () => {
    const token = tokens.shift();
    if (!token) throw new Error("ran out of users");
    const body = JSON.stringify({ robot_id: server.robotId, message: MESSAGE });
    return timeStream(agent, server.port, CHAT_PATH, body, "kewl", { authorization: `Bearer ${token}` });
  };
  for (let i = 0; i < opts.warmup; i++) await chatOnce();
  const idle: StreamTiming[] = [];
  for (let i = 0; i < opts.chat; i++) idle.push(await chatOnce());

  // ---- load: the senders, and the same chat requests while they run. The bodies are made beforehand, so that
  // encoding them (about 30 µs of CPU per event here) does not take the two cores from the server.
  const encodeStart = performance.now();
  const bodies = Array.from({ length: opts.batches }, (_, b) => {
    const sender = b % opts.senders;
    const first = Math.floor(b / opts.senders) * opts.batch;
    const now = Date.now();
    return batchBody(Array.from({ length: opts.batch }, (_, i) => sdkShapedEvent(sender, first + i, now)));
  });
  const encodeMs = performance.now() - encodeStart;
  const bodyBytes = bodies.reduce((sum, body) => sum + body.length, 0);
  const client = poster(server.port, opts.senders);
  onCleanup("close the senders' agent", async () => client.close());
  let sent = 0;
  const statuses = new Map<number, number>();
  let accepted = 0;
  // With --rate, batch i leaves at i × batch / rate seconds after the start (the senders take them in order).
  let nextBatch = 0;
  let started = 0;
  const batchIntervalMs = opts.rate > 0 ? (opts.batch * 1000) / opts.rate : 0;
  const send = async (body: string) => {
    const wait = started + nextBatch++ * batchIntervalMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const reply = await client.post({
      path: COLLECTOR_PATH,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    sent += opts.batch;
    statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
    if (reply.status === 200) accepted += (JSON.parse(reply.body) as { data: { accepted: number } }).data.accepted;
  };

  const before = await storedCount();
  server.mark(false);
  const meter = await cpuMeter(async () => ownCpuMs());
  started = performance.now();
  let loadDone = false;
  const load = runPool(bodies, opts.senders, send).finally(() => (loadDone = true));
  const loaded: StreamTiming[] = [];
  while (!loadDone && loaded.length < opts.chat) loaded.push(await chatOnce());
  const { ms: sendMs } = await load;
  let stored = (await storedCount()) - before;
  while (stored < accepted) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    stored = (await storedCount()) - before;
  }
  const storedMs = performance.now() - started;
  const cpu = await meter.stop();
  const serverWindow = await server.memory();

  out();
  out(
    `## Load: ${fixed(opts.batches)} batches of ${opts.batch} events from ${opts.senders} senders` +
      (opts.rate > 0 ? `, paced to ${fixed(opts.rate)} events/s` : ", as fast as answered"),
  );
  out();
  out(
    `  bodies made beforehand: ${fixed(bodyBytes / opts.batches / 1024, 1)} KB per batch ` +
      `(${fixed(bodyBytes / opts.batches / opts.batch)} bytes per event), in ${f1(encodeMs / 1000)} s`,
  );
  const statusText = [...statuses.entries()].map(([status, n]) => `${fixed(n)}× ${status}`).join(", ");
  out(`  answers: ${statusText}; events sent ${fixed(sent)}, accepted ${fixed(accepted)}, stored ${fixed(stored)}`);
  const storedPerSecond = (stored * 1000) / storedMs;
  const verdict = storedPerSecond >= GOAL_STORED_PER_SECOND ? "PASS" : "MISS";
  out(
    `  accepted ${fixed((accepted * 1000) / sendMs)} events/s (${f1(sendMs / 1000)} s of sending); ` +
      `stored ${fixed(storedPerSecond)} events/s until the last was in the table (${f1(storedMs / 1000)} s) — ` +
      `goal ${fixed(GOAL_STORED_PER_SECOND)}: ${verdict}`,
  );
  const perEvent = (ms: number | null) => (ms === null ? "n/a" : `${f1((ms * 1000) / Math.max(1, stored))} µs`);
  out(
    `  CPU per stored event: server ${perEvent(serverWindow.cpuMs)} (its event-loop delay p50 ` +
      `${f1(serverWindow.loopDelayP50Ms)} ms, max ${f1(serverWindow.loopDelayMaxMs)} ms), Postgres ` +
      `${perEvent(cpu.postgresMs)}, this process (senders, stub, chat client) ${perEvent(cpu.serverMs)}` +
      (serverWindow.profile ? `; server CPU profile ${serverWindow.profile}` : ""),
  );

  out();
  out(`## Chat while idle and while loaded (${idle.length} and ${loaded.length} requests, one at a time)`);
  out();
  const values = (runs: StreamTiming[], pick: (t: StreamTiming) => number | null) =>
    runs.map(pick).filter((v): v is number => v !== null);
  const p = (runs: StreamTiming[], pick: (t: StreamTiming) => number | null, q: number) =>
    percentile(values(runs, pick), q);
  const row = (label: string, pick: (t: StreamTiming) => number | null) => {
    const cells = [50, 95].flatMap((q) => {
      const a = p(idle, pick, q);
      const b = p(loaded, pick, q);
      return [f1(a), f1(b), (b / a).toFixed(2)];
    });
    return [label, ...cells];
  };
  printTable(
    ["ms", "idle p50", "loaded p50", "ratio", "idle p95", "loaded p95", "ratio"],
    [row("time to first token", (t) => t.ttftMs), row("total stream time", (t) => t.endMs)],
    "  ",
  );
  const failed = [...idle, ...loaded].filter((r) => r.error);
  if (failed.length) out(`  FAILED chat requests: ${failed.length} (${failed[0]!.error})`);
  out();
  out(`load average after the run: ${loadAverage()} (other work on this 2-core machine skews every figure)`);
}

await runBench("collector bench", main);
