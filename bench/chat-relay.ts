/**
 * Chat relay overhead: a streamed reply through our server (POST /v1/chat_session/chat, relaying a local
 * OpenAI-compatible stub) against the same stub asked directly, in the same run, and 200 concurrent streams.
 * Prints figures beside the goals; never asserts on them. See bench/README.md.
 *
 * Goals: time to first token through our server minus directly from the same local upstream (p50 and p95 over 40
 * sequential requests) at most 10 ms at p50, total stream time within 5%; a client that leaves mid-reply has the
 * upstream request closed within 1 s (20 such clients, one after another); 200 concurrent streams with 0 errors,
 * reporting the server's peak memory. Issue 16: with 1,000 streams on Postgres (200 on PGlite) first token p95
 * <= 1 s, <= 3 ms of server CPU per stream, <= 100 kB per open stream, event-loop delay p99 <= 50 ms.
 *
 *   npx tsx bench/chat-relay.ts [--pglite | --postgres] [--requests 40] [--warmup 5] [--streams 200] [--leaves 20]
 *                               [--token-delay-ms 15] [--long] [--streams-reply long|short] [--cpu-prof DIR]
 *                               [--workers N] [--no-floor] [--warm-streams N] [--arrivals N] (--help: all)
 *
 * - Upstream: tests/support/openai-stub-server.mjs in this process, one word per chunk every --token-delay-ms.
 *   The sequential requests get its short echo (~16 words; --long: its 300-word reply, [[long]]); the concurrent
 *   streams get the 300-word reply (--streams-reply short: the echo), so that they are open at the same time.
 * - Ours: createHttpServer(createApi(deps)) with the real OpenAI-compatible provider (LLM_BASE_URL = the stub), a
 *   memory store and no rate limit, in a child process (bench/lib/chat-server-child.ts) so that its memory and CPU
 *   are its own. --cpu-prof DIR writes a CPU profile of the server for each of the two phases. --workers N (with
 *   Postgres) runs everything once with that one process, then with N node:cluster workers sharing the port
 *   (bench/lib/chat-cluster-child.ts), and prints the two side by side (bench/lib/chat-workers.ts).
 * - Database: PGlite in memory in that child (default), or with --postgres (or BENCH_DATABASE_URL set) a fresh
 *   database kewl_bench_chat_<random> on BENCH_DATABASE_URL ?? postgresql://postgres@127.0.0.1:5432/postgres,
 *   dropped at the end, also on error or Ctrl-C.
 * - Server figures (bench/lib/chat-relay-figures.ts): CPU per reply and per piece of text, memory per open stream,
 *   event-loop delay p50/p99/max, where the main thread was (on a core or waiting for one), when the replies
 *   reached each phase inside the server (reply-phases.ts), with --cpu-prof the top CPU consumers of each part.
 * - The relay's floor (bench/lib/relay-floor.ts; not with --workers, skipped with --no-floor): the same concurrent
 *   streams through node:http with the same upstream client and frame sink and none of the app, measured the same
 *   way, and our figures over its figures.
 * - Fairness: direct requests send the stub the exact body our server sent it (captured from a relayed request),
 *   so prompt, max_tokens and stream options match; every relayed request is a new user's first message to the
 *   same character, so every prompt is the same (checked). Both sides use the same node:http client and SSE
 *   reader (bench/lib/sse-timing.ts) with keep-alive; direct and relayed requests alternate (AB, BA, ...).
 */
import http from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { listenHandleCount } from "../server/http/listen-handles";
import {
  GOAL_CONCURRENT_TTFT_P95_MS,
  printCpu,
  printLiveHeap,
  printLoopDelay,
  printMainThread,
  printMemoryPerStream,
  printPeakMemory,
  printPhases,
  printAllocations,
  printProfile,
  printPgliteStatements,
  printSyscalls,
  verdict,
} from "./lib/chat-relay-figures";
import { GOAL_TOTAL_RATIO, GOAL_TTFT_P50_MS, printSequentialSummary } from "./lib/sequential-summary";
import { startBenchStub } from "./lib/bench-stub";
import { printStubStarts, stubStartFigures } from "./lib/stub-start-figures";
import { affinityNote, benchCpus, pinThisProcess } from "./lib/cpu-affinity";
import { envListenHandles, parseArgs, usersNeeded, warmingNote, type Options } from "./lib/chat-relay-options";
import { compareWorkers, type RunFigures } from "./lib/chat-workers";
import { onCleanup, out, runBench, sleep } from "./lib/harness";
import { postgresCpuMs } from "./lib/postgres-cpu";
import { measurePromptAssembly, printPromptAssembly } from "./lib/prompt-assembly-figures";
import { compareWithFloor } from "./lib/relay-floor";
import { launchStreams, printFullLoad } from "./lib/stream-arrivals";
import { createScratchDatabase, DEFAULT_ADMIN_URL } from "./lib/scratch-database";
import { leaveAfterFirstText, measureLeaves } from "./lib/leave-early";
import { timeStream, type StreamTiming } from "./lib/sse-timing";
import { warmUp } from "./lib/warm-up";
import { f1, failureReasons, p, peakOpen, printConcurrentTimes, printSequentialTimes } from "./lib/stream-timings";
import { startServerChild } from "./lib/start-chat-server-child";
import { syscallCounts, syscallsBetween } from "./lib/syscall-counts";

const CHAT_PATH = "/v1/chat_session/chat";
const MESSAGE = "Tell me about the lighthouse keeper and the storm that night.";
/** The stub's directive for a 300-word reply. */
const LONG = "[[long]]";

// ---------------------------------------------------------------------------------------------- figures

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

// ---------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const cpus = benchCpus();
  if (cpus) pinThisProcess(cpus);
  // Read by the server child (bench/lib/chat-server-child.ts), which inherits this environment.
  if (opts.lore) process.env.BENCH_CHAT_LORE = "1";
  if (opts.workers > 1) await compareWorkers(opts.workers, (workers) => runOnce(opts, workers));
  else await runOnce(opts, 1);
}

/** The whole bench against one server process, or `workers` of them behind one port; figures for --workers. */
async function runOnce(opts: Options, workers: number): Promise<RunFigures | null> {
  let figures: RunFigures | null = null;
  const message = opts.long ? `${MESSAGE} ${LONG}` : MESSAGE;
  const streamsMessage = opts.streamsReply === "long" ? `${MESSAGE} ${LONG}` : MESSAGE;
  out(`Chat relay bench — ${new Date().toISOString()}`);
  out(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "?"}), node ${process.version}, ${os.platform()} ${os.release()}, ` +
      `load average ${loadAverage()}`,
  );
  out(`cores: ${affinityNote()}`);
  out(
    `goals: time to first token through our server minus directly from the same upstream <= ${GOAL_TTFT_P50_MS} ms at p50 (p50 and p95 over ` +
      `${opts.requests} sequential requests), total stream time within ${Math.round((GOAL_TOTAL_RATIO - 1) * 100)}%` +
      (opts.streams > 0 ? `; ${opts.streams} concurrent streams with 0 errors, and the server's peak memory` : ""),
  );

  let databaseUrl: string | undefined;
  let databaseLabel = "PGlite (in memory, in the server process)";
  if (opts.postgres) {
    const scratch = await createScratchDatabase(
      process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL,
      "kewl_bench_chat_",
    );
    databaseUrl = scratch.url;
    databaseLabel = `Postgres ${scratch.safeUrl} (dropped at the end)`;
  }

  const stub = await startBenchStub({ ...opts, listenCopies: opts.stubListenCopies, thread: opts.stubThread });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  onCleanup("close the client agent", async () => agent.destroy());
  const users = usersNeeded(opts);
  const server = await startServerChild(stub.baseUrl, databaseUrl, users, opts.cpuProfDir, workers, opts.allocProfDir);
  const driver = server.driver === "postgres" ? "postgres" : "pglite";
  out(`database: ${databaseLabel}`);
  out(
    `server: createHttpServer(createApi(deps)) without Next in a child process (pid ${server.pid}; ` +
      `${process.env.BENCH_SERVER_FROM_SOURCE === "1" ? "the sources through tsx" : "bundled by esbuild, as npm start runs it"}), the real OpenAI-compatible provider, ` +
      `memory store, no rate limit, ${listenHandleCount(envListenHandles())} listening handles${workers > 1 ? `; ${workers} node:cluster workers on one port, figures added up over them` : ""}; ready in ${(server.setupMs / 1000).toFixed(1)} s (migrations, demo seed, ${users} users with sessions)`,
  );
  out(
    `upstream: the stub at ${stub.baseUrl} ${stub.where}, one word per chunk every ${opts.tokenDelayMs} ms; ` +
      `${stub.handles} listening handles accept for it${opts.tls ? "; over TLS (RSA 2048 leaf and intermediate)" : ""}`,
  );
  if (opts.lore) {
    out("prompt: a 200-entry lorebook on the character and a full memory (summary and pinned facts) in every chat");
  }
  out(
    `chat: character ${server.robotId} "${server.robotName}", model "standard"; every relayed request is a new user's first message to it`,
  );

  const tokens = [...server.tokens];
  const takeToken = () => {
    const token = tokens.shift();
    if (!token) throw new Error("ran out of users");
    return token;
  };
  const stubPath = `${new URL(stub.baseUrl).pathname}/chat/completions`;
  const relay = (text: string) => {
    const body = JSON.stringify({ robot_id: server.robotId, message: text });
    return (via: http.Agent = agent) =>
      timeStream(via, server.port, CHAT_PATH, body, "kewl", { authorization: `Bearer ${takeToken()}` });
  };

  /** One relayed request, then the stub asked directly with the exact body our server sent it. */
  async function pairUp(text: string) {
    const relayed = relay(text);
    const first = await relayed();
    if (first.error) throw new Error(`a relayed request failed: ${first.error}\n${server.output()}`);
    const upstreamBody = (await stub.lastRequest()) as { messages?: unknown[] } | undefined;
    if (!upstreamBody) throw new Error("the stub saw no request");
    const directBody = JSON.stringify(upstreamBody);
    const direct = () => timeStream(stub.agent, stub.port, stubPath, directBody, "openai");
    const firstDirect = await direct();
    if (firstDirect.error) throw new Error(`a direct request failed: ${firstDirect.error}`);
    const same = first.text === firstDirect.text ? "the same text both ways" : "A DIFFERENT TEXT through our server";
    return { relayed, direct, directBody, first, firstDirect, messages: upstreamBody.messages?.length ?? 0, same };
  }

  // ---- sequential: warm-up, then direct and relayed requests alternating (AB, BA, AB, ...)
  const seq = await pairUp(message);
  out(
    `message: ${JSON.stringify(message)} → reply of ${seq.first.text.length} chars (${opts.long ? "300 words" : "the stub's short echo"}), ${seq.same}; ` +
      `upstream request ${seq.directBody.length} bytes, ${seq.messages} messages (captured from our server and replayed as is for direct)`,
  );
  for (let i = 1; i < opts.warmup; i++) {
    await seq.direct();
    await seq.relayed();
  }
  const directRuns: StreamTiming[] = [];
  const relayedRuns: StreamTiming[] = [];
  let promptChanges = 0;
  const runRelayed = async () => {
    relayedRuns.push(await seq.relayed());
    if (JSON.stringify(await stub.lastRequest()) !== seq.directBody) promptChanges++;
  };
  const runDirect = async () => {
    directRuns.push(await seq.direct());
  };
  server.mark(false);
  const startedSequential = performance.now();
  for (let i = 0; i < opts.requests; i++) {
    for (const run of i % 2 === 0 ? [runDirect, runRelayed] : [runRelayed, runDirect]) await run();
  }
  const sequentialS = (performance.now() - startedSequential) / 1000;
  const sequentialServer = await server.memory();

  out();
  out(
    `## Sequential: ${opts.requests} direct and ${opts.requests} relayed requests, alternating, after ${opts.warmup} warm-up pairs (${sequentialS.toFixed(1)} s)`,
  );
  out();
  printSequentialTimes(directRuns, relayedRuns);
  printSequentialSummary(directRuns, relayedRuns, sequentialServer, promptChanges);

  // ---- clients that leave mid-reply: how soon does the upstream request close?
  if (opts.leaves > 0) {
    const body = JSON.stringify({ robot_id: server.robotId, message: `${MESSAGE} ${LONG}` });
    await measureLeaves(stub, opts.leaves, () =>
      leaveAfterFirstText(server.port, CHAT_PATH, body, { authorization: `Bearer ${takeToken()}` }),
    );
  }

  // ---- prompt assembly with the lorebook and memory the relayed replies had (issue 17 item 10)
  if (opts.lore) {
    out();
    out(
      "## Prompt assembly: a chat of 2,000 turns, a 200-entry lorebook and a full memory (this process, 200 runs each)",
    );
    out();
    printPromptAssembly(measurePromptAssembly({ runs: 200, turns: 2_000, entries: 200 }));
  }

  // ---- concurrent streams
  if (opts.streams > 0) {
    const ref = streamsMessage === message ? seq : await pairUp(streamsMessage);
    await warmUp(opts.warmStreams, (via) => seq.relayed(via));
    await warmUp(opts.warmLong, (via) => ref.relayed(via));
    await sleep(500);
    const idle = await server.memory();
    // --heap-at-peak: one full collection now and one when every stream is open (a pause of its own: figures
    // of latency from such a run are not comparable).
    server.mark(true, opts.heapAtPeak && workers === 1 ? opts.streams : undefined);
    const stubBefore = { ...stub.stats };
    const startsBefore = await stub.startCount();
    const handshakesBefore = stub.handshakes();
    const cpuBefore = process.cpuUsage();
    const postgresBefore = driver === "postgres" ? postgresCpuMs() : null;
    const serverCallsBefore = workers === 1 && server.pid ? syscallCounts(server.pid) : null;
    const started = performance.now();
    const runs = await launchStreams(opts.streams, opts.arrivals, () => ref.relayed());
    const wallS = (performance.now() - started) / 1000;
    const generatorCpu = process.cpuUsage(cpuBefore);
    const postgresAfter = postgresBefore === null ? null : postgresCpuMs();
    const serverCalls = syscallsBetween(serverCallsBefore, server.pid ? syscallCounts(server.pid) : null);
    const loaded = await server.memory();
    const textPieces = stub.stats.chunks - stubBefore.chunks;
    const failed = runs.filter((r) => r.error);
    const wrongText = runs.filter((r) => !r.error && r.text !== ref.first.text).length;

    out();
    out(
      `## Concurrent: ${opts.streams} streams ${opts.arrivals ? `arriving ${opts.arrivals} a second` : "started at once"}, ` +
        `each a different user, ${opts.streamsReply} replies ` +
        `(${ref.first.text.length} chars; ${wallS.toFixed(1)} s)` +
        warmingNote(opts),
    );
    out();
    printConcurrentTimes(runs, ref.first, ref.firstDirect);
    out();
    out(`  errors: ${failed.length} (goal 0) ${verdict(failed.length === 0)}${failureReasons(runs)}`);
    out(
      `  streams/s: ${(opts.streams / wallS).toFixed(1)} (${opts.streams} from the first request to the last end); at most ${peakOpen(runs)} open at once; ` +
        `stub: ${stub.stats.requests - stubBefore.requests} requests, ${stub.stats.completed - stubBefore.completed} completed, ` +
        `${stub.stats.aborted - stubBefore.aborted} aborted${stub.handshakesSince(handshakesBefore)}`,
    );
    if (wrongText) out(`  note: ${wrongText} completed streams had another text than the unloaded reply`);
    printPeakMemory(idle, loaded, driver);
    const ttftP95 = p(runs, (t) => t.ttftMs, 95);
    out(
      `  time to first token p95: ${f1(ttftP95)} ms (goal <= ${GOAL_CONCURRENT_TTFT_P95_MS} ms) ` +
        verdict(failed.length === 0 && ttftP95 <= GOAL_CONCURRENT_TTFT_P95_MS),
    );
    if (opts.arrivals) printFullLoad(runs);
    // The model's pieces: the stub's chunks (the relay may merge several into one delta message).
    printCpu(loaded, { replies: opts.streams, pieces: textPieces, perReplyGoal: true });
    printMemoryPerStream(idle, loaded, { peakOpen: peakOpen(runs), requests: opts.streams });
    printLiveHeap(loaded);
    printLoopDelay(loaded, true);
    printMainThread(loaded);
    printPhases(loaded);
    out("  where the first tokens waited, seen from the stub and the clients:");
    printStubStarts(stubStartFigures(runs, await stub.starts(startsBefore), started, opts.tokenDelayMs));
    printSyscalls(serverCalls, { replies: opts.streams, pieces: textPieces });
    printPgliteStatements(loaded, opts.streams);
    out(
      `  this process (stub + clients): ${((generatorCpu.user + generatorCpu.system) / 1000 / 1000).toFixed(1)} s CPU`,
    );
    if (postgresBefore !== null && postgresAfter !== null) {
      const pgMs = postgresAfter - postgresBefore;
      out(
        `  Postgres (the local server's processes): ${(pgMs / 1000).toFixed(1)} s CPU, ${(pgMs / opts.streams).toFixed(1)} ms per reply`,
      );
    }
    printProfile(loaded.profile);
    printAllocations(loaded.allocProfile, opts.streams);
    if (opts.floor && workers === 1) {
      const ours = {
        runs,
        idle,
        loaded,
        generatorCpuMs: (generatorCpu.user + generatorCpu.system) / 1000,
        tokens: textPieces,
      };
      await compareWithFloor(ours, {
        stubBaseUrl: stub.baseUrl,
        agent,
        upstreamBody: ref.directBody,
        warm: { streams: opts.warmStreams, upstreamBody: seq.directBody, long: opts.warmLong },
        streams: opts.streams,
        arrivals: opts.arrivals,
        stubChunks: () => stub.stats.chunks,
        stubStartCount: () => stub.startCount(),
        stubStarts: (from) => stub.starts(from),
        tokenDelayMs: opts.tokenDelayMs,
        cpuProfDir: opts.cpuProfDir,
        allocProfDir: opts.allocProfDir,
      });
    }
    figures = {
      workers,
      sequentialTtftP50Ms: relayedRuns.length ? p(relayedRuns, (t) => t.ttftMs, 50) : null,
      streams: opts.streams,
      errors: failed.length,
      ttftP50Ms: p(runs, (t) => t.ttftMs, 50),
      ttftP95Ms: p(runs, (t) => t.ttftMs, 95),
      totalP95Ms: p(runs, (t) => t.endMs, 95),
      streamsPerS: opts.streams / wallS,
      cpuMsPerStream: loaded.cpuMs / opts.streams,
      memoryGrowthBytes: loaded.peakRssBytes - idle.rssBytes,
      loopDelayMaxMs: loaded.loopDelayMaxMs,
    };
  }
  out();
  out(`load average after the runs: ${loadAverage()} (other work on this 2-core machine skews every figure)`);
  await server.stop();
  return figures;
}

await runBench("chat relay bench", main);
