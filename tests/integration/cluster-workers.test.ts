import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminClient, withDatabase } from "./helpers/postgres-admin";
import { type LogLine, type ServerProcess, startServerProcess } from "./helpers/server-process";

/**
 * WEB_CONCURRENCY: the real server (`node scripts/start.mjs`, which builds first when there is no current build)
 * started with two workers on a fresh Postgres database and the shared Redis; and the start-up refusals, which
 * come before anything is built or opened (the same entry through tsx).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Every variable the server reads that a developer's shell or .env might set, as unset (empty counts as unset). */
const CLEAN_ENV = { DATABASE_URL: "", REDIS_URL: "", WEB_CONCURRENCY: "", PORT: "", LLM_BASE_URL: "", S3_BUCKET: "" };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET on a connection of its own (the cluster hands out connections, not requests, to the workers in turn). */
function getOnNewConnection(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent: false, headers: { connection: "close" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
  });
}

/** GETs until every pid in `pids` has answered once (at most `tries` requests); answers the pids seen. */
async function answeringPids(port: number, path: string, pids: Set<string>, tries = 40): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < tries && [...pids].some((pid) => !seen.has(pid)); i++) {
    const answer = await getOnNewConnection(port, path);
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    const pid = answer.headers["x-worker-pid"];
    if (typeof pid === "string") seen.add(pid);
  }
  return seen;
}

/** The inodes of the sockets listening on `port` (Linux's /proc/net/tcp and tcp6; state 0A is LISTEN). */
function listeningInodes(port: number): Set<string> {
  const local = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set<string>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, "utf8").split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      const inode = columns[9];
      if (columns[1]?.endsWith(local) && columns[3] === "0A" && inode) inodes.add(inode);
    }
  }
  return inodes;
}

/** The inodes of the sockets process `pid` has open. */
function socketInodesOf(pid: string): string[] {
  return fs.readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      return inode ? [inode] : [];
    } catch {
      return []; // closed meanwhile
    }
  });
}

/** The worker pids the primary's "workers ready" line lists. */
function workerPids(line: LogLine): Set<string> {
  const pids = Array.isArray(line.pids) ? line.pids : [];
  return new Set(pids.filter((pid): pid is number => typeof pid === "number").map(String));
}

describe("start-up refusals for several workers", () => {
  const startRefused = async (env: Record<string, string>) => {
    const server = startServerProcess(["--import", "tsx", "server/main.ts"], {
      ...CLEAN_ENV,
      NODE_ENV: "production",
      ...env,
    });
    const { code } = await server.exited;
    return { code, output: server.output() };
  };

  it("refuses PGlite with more than one worker, naming DATABASE_URL", async () => {
    const { code, output } = await startRefused({ WEB_CONCURRENCY: "2", REDIS_URL: "redis://127.0.0.1:6379" });
    expect(code).toBe(1);
    expect(output).toBe(
      "Invalid configuration:\n" +
        "  WEB_CONCURRENCY: 2 worker processes need DATABASE_URL (a Postgres server): the embedded PGlite database belongs to one process\n",
    );
  });

  it("refuses more than one worker without REDIS_URL, naming it", async () => {
    const { code, output } = await startRefused({
      WEB_CONCURRENCY: "4",
      DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/postgres",
    });
    expect(code).toBe(1);
    expect(output).toBe(
      "Invalid configuration:\n" +
        "  WEB_CONCURRENCY: 4 worker processes need REDIS_URL: rate limits, sign-in back-off and reply leases must be shared between them\n",
    );
  });
});

describe.skipIf(!adminUrl)("a worker that fails to start", () => {
  const database = `kewl_t_cluster_${randomBytes(6).toString("hex")}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-cluster-"));
  afterAll(async () => {
    const admin = await adminClient(adminUrl!);
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops the whole cluster with exit code 1 (here: Redis cannot be reached)", async () => {
    const admin = await adminClient(adminUrl!);
    await admin.query(`create database ${database}`);
    await admin.end();
    const server = startServerProcess(["--import", "tsx", "server/main.ts"], {
      ...CLEAN_ENV,
      NODE_ENV: "production",
      WEB_CONCURRENCY: "2",
      DATABASE_URL: withDatabase(adminUrl!, database),
      // Nothing listens on port 1: the workers cannot connect their store.
      REDIS_URL: "redis://127.0.0.1:1",
      STARTUP_RETRY_MS: "1000",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    });
    await server.until((line) => line.msg === "a worker failed to start: stopping", "a worker failed");
    expect(await server.exited).toEqual({ code: 1, signal: null });
    // The primary prepared the database once before forking.
    expect(server.output()).toContain('"msg":"database migrated"');
    expect(server.output()).not.toContain('"msg":"workers ready"');
  });
});

describe.skipIf(!adminUrl || !redisUrl)("WEB_CONCURRENCY=2 on Postgres and Redis", () => {
  const database = `kewl_t_cluster_${randomBytes(6).toString("hex")}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-cluster-"));
  let server: ServerProcess;
  let port: number;
  let pids: Set<string>;

  beforeAll(async () => {
    const admin = await adminClient(adminUrl!);
    const template = inject("postgresTemplate");
    await admin.query(template ? `create database ${database} template ${template}` : `create database ${database}`);
    await admin.end();
    server = startServerProcess(["scripts/start.mjs"], {
      ...CLEAN_ENV,
      WEB_CONCURRENCY: "2",
      DATABASE_URL: withDatabase(adminUrl!, database),
      REDIS_URL: redisUrl!,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WORKER_PID_HEADER: "true",
      LOG_LEVEL: "info",
      SEED_DEMO: "true",
      RATE_LIMIT_PER_MINUTE: "100000",
      PAGE_RATE_LIMIT_PER_MINUTE: "100000",
      SHUTDOWN_TIMEOUT_MS: "20000",
    });
    // The first start builds the app (a few minutes on a busy machine); later ones find the build current.
    const ready = await server.until((line) => line.msg === "workers ready", "the workers were ready");
    port = Number(ready.port);
    pids = workerPids(ready);
  }, 900_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    const admin = await adminClient(adminUrl!);
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("prepares the database once in the primary, then starts two workers that each serve the API and pages", async () => {
    expect(pids.size).toBe(2);
    expect(pids.has(String(server.child.pid))).toBe(false);
    // A worker logs "listening" in its own listen callback, which may come after the primary heard it listen.
    await server.until((line) => line.msg === "listening" && line.timed_jobs === true, "the timed jobs' worker");
    await server.until((line) => line.msg === "listening" && line.timed_jobs === false, "the other worker");
    const lines = server.output().split("\n");
    expect(lines.filter((l) => l.includes('"msg":"demo catalogue loaded"'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('"timed_jobs":true'))).toHaveLength(1);
    expect(await answeringPids(port, "/v1/health", pids)).toEqual(pids);
    // Each worker has Next too: the home page, rendered from the shared database.
    const pages = await answeringPids(port, "/", pids);
    expect(pages).toEqual(pids);
  });

  it("lets each worker accept its own connections: every worker holds the listening socket", () => {
    // Node's round-robin would leave the listening socket to the primary alone (cluster-rules.ts says why not).
    const listening = listeningInodes(port);
    expect(listening.size).toBeGreaterThan(0);
    for (const pid of pids)
      expect(
        socketInodesOf(pid).some((inode) => listening.has(inode)),
        pid,
      ).toBe(true);
  });

  it("replaces a worker that dies", async () => {
    const [victim] = [...pids];
    process.kill(Number(victim), "SIGKILL");
    const replaced = await server.until(
      (line) => line.msg === "worker replaced" && String(line.replaced_pid) === victim,
      `worker ${victim} was replaced`,
    );
    const newcomer = String(replaced.pid);
    expect(pids.has(newcomer)).toBe(false);
    pids = new Set([...pids].filter((pid) => pid !== victim).concat(newcomer));
    expect(await answeringPids(port, "/v1/health", pids)).toEqual(pids);
  });

  it("drains a request in flight on SIGTERM, then every worker stops and the primary exits cleanly", async () => {
    const socket = net.connect(port, "127.0.0.1");
    let response = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (response += chunk));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    // Headers and half of the body: the request is in flight in one of the workers.
    socket.write(
      "POST /v1/tag/list HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{",
    );
    const draining = [...pids].map((pid) =>
      server.until((line) => line.msg === "shutting down" && String(line.pid) === pid, `worker ${pid} drained`),
    );
    server.child.kill("SIGTERM");
    await Promise.all(draining);
    socket.write("}");
    // Answered, then the worker closes the connection (it is draining), though the client asked to keep it.
    await closed;
    const [head = "", body = ""] = response.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head.toLowerCase()).toMatch(/x-worker-pid: \d+/);
    expect(body).toContain('"code":0');
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    const stopped = await server.until((line) => line.msg === "workers stopped", "the workers stopped");
    expect(stopped.clean).toBe(true);
    for (const pid of pids) {
      expect(server.output()).toMatch(new RegExp(`"msg":"stopped","pid":${pid}`));
    }
  });

  it("runs under npm start as npm's own child: SIGTERM to npm drains the server and leaves nothing serving", async () => {
    // After the cluster's start, the build is current: npm start serves at once (PGlite, one process).
    const npmCli =
      process.env.npm_execpath ?? path.join(path.dirname(process.execPath), "../lib/node_modules/npm/bin/npm-cli.js");
    const npmDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-npm-start-"));
    const npm = startServerProcess([npmCli, "start", "--silent"], {
      ...CLEAN_ENV,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: npmDataDir,
      LOG_LEVEL: "info",
      SEED_DEMO: "false",
    });
    try {
      const ready = await npm.until((line) => line.msg === "listening", "npm start listened");
      const npmPort = Number(ready.port);
      expect((await getOnNewConnection(npmPort, "/v1/health")).status).toBe(200);
      npm.child.kill("SIGTERM");
      const draining = await npm.until((line) => line.msg === "shutting down", "the server heard the signal");
      await npm.until((line) => line.msg === "stopped", "the server stopped");
      await npm.exited;
      // The server was npm's child, not an orphan left serving: it is gone, and so is its port.
      expect(() => process.kill(Number(draining.pid), 0)).toThrow();
      await expect(getOnNewConnection(npmPort, "/v1/health")).rejects.toThrow();
    } finally {
      // SIGTERM, which npm passes on: a SIGKILL would leave its child serving.
      if (npm.child.exitCode === null) npm.child.kill("SIGTERM");
      fs.rmSync(npmDataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
