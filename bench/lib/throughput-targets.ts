/**
 * The two servers bench/api-throughput.ts compares. Postgres: ours is the production entry (scripts/start.mjs)
 * and plain is bench/plain-server.mjs, each a child process. --pglite: ours is the API without Next and plain
 * is the same handler as plain-server.mjs, both in this process on the shared PGlite handle.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { closeServer, freePort, listen, onCleanup, request, sleep, spawnNode } from "./harness";
import { startApiInProcess } from "./in-process-api";
import { createPlainHandler } from "./plain-handler.mjs";
import type { BenchDatabase } from "./throughput-database";
import { ENDPOINT, type Options } from "./throughput-options";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface Target {
  name: string;
  port: number;
  /** The server's own process when it is not this one: its CPU time per request is then measured. */
  pid?: number;
}

/** Our production server (Next + Hono) as a child process on the bench database. */
export async function startOursChild(db: BenchDatabase, opts: Options): Promise<Target> {
  const nodeArgs = opts.cpuProfDir ? [`--cpu-prof`, `--cpu-prof-dir=${opts.cpuProfDir}`] : [];
  const deadline = Date.now() + 5 * 60_000;
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "1000000000",
      REDIS_URL: "",
      REQUEST_SIGNING: "off",
    };
    process.stdout.write(`starting our server (node scripts/start.mjs, builds first when stale) on port ${port}…\n`);
    const { child, output, exited } = spawnNode(
      "stop our server",
      [...nodeArgs, path.join(ROOT, "scripts/start.mjs")],
      { cwd: ROOT, env },
    );

    // Ready when /v1/health answers and Next has finished preparing (a page path no longer gets "Starting up").
    let apiUp = false;
    let ready = false;
    while (!ready) {
      if (exited()) break;
      if (Date.now() > deadline) throw new Error(`our server not ready after 5 minutes:\n${output()}`);
      try {
        if (!apiUp) apiUp = (await request(port, "GET", "/v1/health")).status === 200;
        if (apiUp) {
          const page = await request(port, "GET", "/__bench_ready_probe", undefined, 60_000);
          ready = !(page.status === 503 && page.body === "Starting up");
        }
      } catch {
        /* not listening yet */
      }
      if (!ready) await sleep(500);
    }
    if (ready) return { name: "ours (Next+Hono)", port, pid: child.pid };
    // Someone else's `next build` holds the build lock: wait for it and try again (start.mjs then finds a current build).
    if (/Another next build process is already running/.test(output()) && Date.now() < deadline) {
      process.stdout.write(`  another next build is running (attempt ${attempt}); waiting for it…\n`);
      await sleep(10_000);
      continue;
    }
    throw new Error(`our server ${exited()} before it was ready:\n${output()}`);
  }
}

/** The plain node:http baseline with its own pg Pool, as a child process. */
export async function startPlainChild(db: BenchDatabase, opts: Options): Promise<Target> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_DATABASE_URL: db.url,
    BENCH_PORT: String(port),
    BENCH_SQL: db.sql,
    BENCH_PARAMS: JSON.stringify(db.params),
    BENCH_FIELDS: JSON.stringify(db.fields),
    BENCH_CACHE_MS: String(opts.plainCacheMs),
  };
  const { child, output } = spawnNode("stop plain server", [path.join(ROOT, "bench/plain-server.mjs")], {
    cwd: ROOT,
    env,
    graceMs: 5000,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`plain server not ready after 30 s:\n${output()}`)), 30_000);
    child.stdout?.on("data", (c: Buffer) => {
      if (c.toString("utf8").includes("ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code, sig) => {
      clearTimeout(timer);
      reject(new Error(`plain server exited with ${sig ?? code}:\n${output()}`));
    });
  });
  return { name: opts.plainCacheMs ? "plain node:http + pg, cached" : "plain node:http + pg", port, pid: child.pid };
}

/** --pglite: our API (createHttpServer(createApi(deps)), no Next) in this process on the shared handle. */
export async function startOursInProcess(db: BenchDatabase): Promise<Target> {
  const api = await startApiInProcess(db.handle, "stop our in-process API");
  return { name: "ours (Hono API only)", port: api.port };
}

/** --pglite: the plain baseline in this process, querying the same PGlite client. */
export async function startPlainInProcess(db: BenchDatabase, opts: Options): Promise<Target> {
  const client = (db.handle.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
  const parsers = { 20: (v: string) => Number(v) };
  const query = async () => (await client.query<unknown[]>(db.sql, db.params, { parsers, rowMode: "array" })).rows;
  const server = http.createServer(
    createPlainHandler({ endpoint: ENDPOINT, fields: db.fields, cacheMs: opts.plainCacheMs, query }),
  );
  server.keepAliveTimeout = 65_000;
  const port = await listen(server);
  onCleanup("stop plain in-process server", () => closeServer(server));
  return { name: opts.plainCacheMs ? "plain node:http, cached" : "plain node:http", port };
}
