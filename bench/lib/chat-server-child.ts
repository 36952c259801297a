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
import { performance } from "node:perf_hooks";
import { startApiInProcess } from "./in-process-api";
import { send, serveWindowFigures } from "./server-window-figures";

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
    HTTP_LISTEN_HANDLES: process.env.HTTP_LISTEN_HANDLES,
    LLM_BASE_URL: process.env.LLM_BASE_URL,
    CHAT_FREE_REPLIES_PER_DAY: "100000",
    CHAT_MAX_STREAMS_PER_USER: "1000",
    CHAT_MESSAGES_PER_MINUTE: "10000",
  });

  const { activeReplyCount } = await import("../../server/modules/chat/active-replies");
  const figures = serveWindowFigures(activeReplyCount, "chat-server");

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    figures.stop();
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
