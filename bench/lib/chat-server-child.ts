/**
 * Our API (createHttpServer(createApi(deps)), without Next, which /v1 never touches) in a process of its own for
 * bench/chat-relay.ts, so the memory it reports is the server's and not the load generator's. Started with
 * `node --import tsx bench/lib/chat-server-child.ts` and an IPC channel.
 *
 * Environment:
 *   BENCH_CHAT_DATABASE_URL  a Postgres database to migrate and seed; unset: PGlite in memory, in this process
 *   BENCH_CHAT_USERS         users to create, each with a session token (one per stream: one reply at a time per chat)
 *   LLM_BASE_URL             the stub upstream (read by parseConfig, like the real server)
 *   BENCH_CHAT_CPU_PROF      a folder: each window (from a `mark` to the next `memory`) is CPU-profiled into
 *                            chat-server-<n>.cpuprofile there (open it in Chrome DevTools)
 *   BENCH_CHAT_ALLOC_PROF    a folder: each window's allocations are sampled, freed objects included, into
 *                            chat-server-<n>.heapprofile there (what feeds the garbage collector)
 *
 * IPC, child → parent: `ready` once listening (port, tokens, the character to talk to, set-up time), `memory`
 * answering a `memory` request. Parent → child: `mark` starts a new window for the sampled RSS peak, CPU time and
 * event-loop delay (with `sampleRss`, RSS is sampled every 20 ms until the next `memory`: each sample costs about
 * 0.15 ms of CPU, so it is off while latency is measured); `memory` asks for the figures since the last mark.
 * `maxRssBytes` is the kernel's peak for the process's whole life (ru_maxrss), start-up included.
 */
import fs from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { startApiInProcess } from "./in-process-api";

export interface ChildReady {
  type: "ready";
  port: number;
  tokens: string[];
  robotId: number;
  robotName: string;
  driver: string;
  setupMs: number;
}

export interface ChildMemory {
  type: "memory";
  rssBytes: number;
  /** Largest sampled RSS since the last `mark`. */
  peakRssBytes: number;
  /** ru_maxrss: the peak over the process's life. */
  maxRssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  /** User + system CPU time since the last mark. */
  cpuMs: number;
  /** The part of cpuMs spent in the kernel (system calls: sockets, the database's included). */
  systemCpuMs: number;
  /** Event-loop delay since the last mark: how late the loop ran a timer (the sampling interval taken off). */
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** The CPU profile of the window, with BENCH_CHAT_CPU_PROF. */
  profile: string | null;
  /** The allocation profile of the window, with BENCH_CHAT_ALLOC_PROF. */
  allocProfile: string | null;
  /**
   * With `heapAtPeak` in the mark (and node --expose-gc): the live heap (V8 heap used plus external, each after a
   * full collection) at the mark and once `heapAtPeak` replies were open, and how many were; else null.
   */
  liveAtMarkBytes: number | null;
  liveAtPeakBytes: number | null;
  openAtPeak: number | null;
}

export type ParentMessage = { type: "mark"; sampleRss: boolean; heapAtPeak?: number } | { type: "memory" };
export type ChildMessage = ChildReady | ChildMemory;

function send(message: ChildMessage): void {
  process.send?.(message);
}

type Post = (method: string, params?: object) => Promise<unknown>;

/**
 * One inspector profile per window (from `mark` to `memory`), written to dir as chat-server-<n>.<extension>:
 * `begin` starts it, `end` stops it and answers the profile.
 */
function windowRecorder(
  dir: string | undefined,
  extension: string,
  begin: (post: Post) => Promise<unknown>,
  end: (post: Post) => Promise<unknown>,
) {
  if (!dir) return { start: () => undefined, stop: async () => null };
  fs.mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  const post: Post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
    );
  let running = false;
  let count = 0;
  return {
    start: () => {
      running = true;
      void begin(post);
    },
    stop: async (): Promise<string | null> => {
      if (!running) return null;
      running = false;
      const result = (await end(post)) as { profile: unknown };
      const file = path.join(dir, `chat-server-${++count}.${extension}`);
      fs.writeFileSync(file, JSON.stringify(result.profile));
      return file;
    },
  };
}

/** CPU profiles of the windows. */
const windowProfiler = (dir: string | undefined) =>
  windowRecorder(
    dir,
    "cpuprofile",
    (post) => post("Profiler.enable").then(() => post("Profiler.start")),
    (post) => post("Profiler.stop"),
  );

/** Sampled allocations of the windows, the objects already freed included. */
const windowAllocSampler = (dir: string | undefined) =>
  windowRecorder(
    dir,
    "heapprofile",
    (post) =>
      post("HeapProfiler.startSampling", {
        samplingInterval: 16 * 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      }),
    (post) => post("HeapProfiler.stopSampling"),
  );

async function main(): Promise<void> {
  const started = performance.now();
  const { openDatabase } = await import("../../server/db/open-database");
  const { seedDemo } = await import("../../server/db/seed/seed-demo");
  const { createSession } = await import("../../server/modules/sessions/sessions");
  const { chatMemories, chatSessions, robots, users } = await import("../../server/db/schema");
  const { and, asc, eq } = await import("drizzle-orm");

  const databaseUrl = process.env.BENCH_CHAT_DATABASE_URL || undefined;
  const userCount = Number(process.env.BENCH_CHAT_USERS ?? "1");
  const database = await openDatabase({
    databaseUrl,
    dataDir: "memory://",
    poolSize: Number(process.env.BENCH_CHAT_POOL_SIZE ?? "10"),
  });
  await seedDemo(database.db);

  const [robot] = await database.db
    .select({ id: robots.id, name: robots.name })
    .from(robots)
    .where(and(eq(robots.nsfw, false), eq(robots.visibility, "public")))
    .orderBy(asc(robots.id))
    .limit(1);
  if (!robot) throw new Error("the demo seed has no public, non-NSFW character");

  // --lore: the character has a 200-entry lorebook and every user's chat a full memory, as a long-lived chat does.
  const lore = process.env.BENCH_CHAT_LORE === "1";
  const { benchMemory, random, storedBook } = await import("./bench-lorebook");
  const next = random(17);
  if (lore) {
    await database.db
      .update(robots)
      .set({ lorebook: storedBook(200, next) as typeof robots.$inferInsert.lorebook })
      .where(eq(robots.id, robot.id));
  }

  const tokens: string[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < userCount; i++) {
    const key = `bench_${stamp}_${i}`;
    const [user] = await database.db
      .insert(users)
      .values({ key, name: "Bench", email: `${key}@example.test` })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert returned nothing");
    tokens.push((await createSession(database.db, user.id, false)).token);
    if (lore) {
      const [chat] = await database.db
        .insert(chatSessions)
        .values({ userId: user.id, robotId: robot.id })
        .returning({ id: chatSessions.id });
      if (!chat) throw new Error("chat insert returned nothing");
      await database.db.insert(chatMemories).values({ sessionId: chat.id, ...benchMemory(next) });
    }
  }

  const api = await startApiInProcess(database, "stop the chat API", {
    LOG_LEVEL: "warn",
    LLM_BASE_URL: process.env.LLM_BASE_URL,
    CHAT_FREE_REPLIES_PER_DAY: "100000",
    CHAT_MAX_STREAMS_PER_USER: "1000",
    CHAT_MESSAGES_PER_MINUTE: "10000",
  });

  // Figures per window (between `mark`s).
  let peakRss = process.memoryUsage.rss();
  let cpuMark = process.cpuUsage();
  const profiler = windowProfiler(process.env.BENCH_CHAT_CPU_PROF || undefined);
  const allocSampler = windowAllocSampler(process.env.BENCH_CHAT_ALLOC_PROF || undefined);
  // The histogram holds whole intervals between samples: the resolution is taken off to leave the delay.
  const LOOP_RESOLUTION_MS = 10;
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  const delay = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
  loop.enable();
  let sampler: NodeJS.Timeout | undefined;
  const { activeReplyCount } = await import("../../server/modules/chat/active-replies");
  const gc = (globalThis as { gc?: () => void }).gc;
  /** V8's heap used plus external memory after a full collection; null without --expose-gc. */
  const liveHeap = (): number | null => {
    if (!gc) return null;
    gc();
    const mem = process.memoryUsage();
    return mem.heapUsed + mem.external;
  };
  let liveAtMark: number | null = null;
  let liveAtPeak: number | null = null;
  let openAtPeak: number | null = null;

  process.on("message", (message: ParentMessage) => {
    if (message.type === "mark") {
      clearInterval(sampler);
      const wanted = message.heapAtPeak ?? 0;
      liveAtMark = wanted > 0 ? liveHeap() : null;
      liveAtPeak = null;
      openAtPeak = null;
      if (message.sampleRss) {
        sampler = setInterval(() => {
          peakRss = Math.max(peakRss, process.memoryUsage.rss());
          if (liveAtMark !== null && liveAtPeak === null && activeReplyCount() >= wanted) {
            openAtPeak = activeReplyCount();
            liveAtPeak = liveHeap();
          }
        }, 20);
      }
      peakRss = process.memoryUsage.rss();
      cpuMark = process.cpuUsage();
      loop.reset();
      profiler.start();
      allocSampler.start();
    } else if (message.type === "memory") {
      clearInterval(sampler);
      const mem = process.memoryUsage();
      peakRss = Math.max(peakRss, mem.rss);
      const cpu = process.cpuUsage(cpuMark);
      const loopDelayP50Ms = delay(loop.percentile(50));
      const loopDelayP99Ms = delay(loop.percentile(99));
      const loopDelayMaxMs = delay(loop.max);
      void Promise.all([profiler.stop(), allocSampler.stop()]).then(([profile, allocProfile]) =>
        send({
          type: "memory",
          rssBytes: mem.rss,
          peakRssBytes: peakRss,
          maxRssBytes: process.resourceUsage().maxRSS * 1024,
          heapUsedBytes: mem.heapUsed,
          externalBytes: mem.external,
          cpuMs: (cpu.user + cpu.system) / 1000,
          systemCpuMs: cpu.system / 1000,
          loopDelayP50Ms,
          loopDelayP99Ms,
          loopDelayMaxMs,
          profile,
          allocProfile,
          liveAtMarkBytes: liveAtMark,
          liveAtPeakBytes: liveAtPeak,
          openAtPeak,
        }),
      );
    }
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(sampler);
    await api.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
  process.once("disconnect", () => void stop());

  send({
    type: "ready",
    port: api.port,
    tokens,
    robotId: robot.id,
    robotName: robot.name,
    driver: database.driver,
    setupMs: performance.now() - started,
  });
}

main().catch((err: unknown) => {
  process.stderr.write(
    `chat bench server failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
