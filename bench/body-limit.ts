/**
 * What a large request body costs the server: a chunked POST (no Content-Length, so the size is only known by
 * reading) of --mb megabytes to /v1/tag/list, against the API server in a child process, printing the server's
 * peak RSS growth until the answer, how much of the upload it read, and when it answered.
 *
 *   npm run bench:body                          # this checkout
 *   npm run bench:body -- --root /work/main     # the server code of another checkout (read only), for before/after
 *   #   --mb N (300)  --chunk-kb N (64)  --timeout-s N (120)
 *
 * The peak is the kernel's high-water mark of the child's resident memory (VmHWM in /proc/<pid>/status), reset
 * just before the upload (`echo 5 > /proc/<pid>/clear_refs`), so it misses no short spike; Linux only.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BodyChildMessage, BodyParentMessage } from "./lib/body-limit-child";
import { eachFlag, intFlag, onCleanup, out, printTable, request, runBench, stopChild, tail } from "./lib/harness";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MB = 1024 * 1024;

interface Options {
  mb: number;
  chunkKb: number;
  timeoutS: number;
  root: string;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { mb: 300, chunkKb: 64, timeoutS: 120, root: ROOT };
  eachFlag(argv, (flag, arg, value) => {
    if (flag === "--mb") options.mb = intFlag(flag, value(), 1);
    else if (flag === "--chunk-kb") options.chunkKb = intFlag(flag, value(), 1);
    else if (flag === "--timeout-s") options.timeoutS = intFlag(flag, value(), 1);
    else if (flag === "--root") options.root = path.resolve(value() ?? ".");
    else throw new Error(`unknown argument ${arg}`);
  });
  if (options.mb > 2048) throw new Error("--mb is at most 2048");
  return options;
}

/** VmRSS and VmHWM of a process, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

async function startServer(root: string) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/lib/body-limit-child.ts")], {
    cwd: ROOT,
    env: { ...process.env, BENCH_BODY_ROOT: root },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    detached: true,
  });
  onCleanup("stop the server", () => stopChild(child, 5000));
  const output = tail(child, false);
  const nextMessage = <T extends BodyChildMessage>(type: T["type"], timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not send "${type}" within ${timeoutMs} ms:\n${output()}`)),
        timeoutMs,
      );
      const onExit = (code: number | null, sig: string | null) =>
        reject(new Error(`the server exited with ${sig ?? code}:\n${output()}`));
      child.once("exit", onExit);
      const onMessage = (m: BodyChildMessage) => {
        if (m.type !== type) return;
        clearTimeout(timer);
        child.off("exit", onExit);
        child.off("message", onMessage);
        resolve(m as T);
      };
      child.on("message", onMessage);
    });
  const ready = await nextMessage<Extract<BodyChildMessage, { type: "ready" }>>("ready", 120_000);
  return {
    ...ready,
    pid: child.pid ?? 0,
    bytesRead: async () => {
      const answer = nextMessage<Extract<BodyChildMessage, { type: "read" }>>("read", 10_000);
      child.send({ type: "read" } satisfies BodyParentMessage);
      return (await answer).bytesRead;
    },
  };
}

interface Upload {
  status: number | null;
  /** Bytes written when the answer came (or when the connection failed). */
  sentAtAnswer: number;
  sent: number;
  answerMs: number | null;
  finishedBody: boolean;
  error: string | null;
}

/** Streams `total` bytes of JSON whitespace as a chunked body, as fast as the socket takes them, until answered. */
function upload(port: number, total: number, chunkBytes: number, timeoutMs: number): Promise<Upload> {
  return new Promise((resolve) => {
    const started = performance.now();
    const result: Upload = { status: null, sentAtAnswer: 0, sent: 0, answerMs: null, finishedBody: false, error: null };
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/v1/tag/list",
      headers: { "content-type": "application/json" },
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const chunk = Buffer.alloc(chunkBytes, 0x20);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(result);
    };
    const pump = () => {
      while (!req.destroyed && result.status === null) {
        if (result.sent + chunk.length > total) {
          req.end("}");
          result.finishedBody = true;
          return;
        }
        result.sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
    };
    req.on("response", (res) => {
      result.status = res.statusCode ?? 0;
      result.sentAtAnswer = result.sent;
      result.answerMs = performance.now() - started;
      res.resume();
      res.on("end", () => req.destroy());
    });
    req.on("error", (err) => {
      result.error ??= err.message;
      if (result.status === null) result.sentAtAnswer = result.sent;
    });
    req.on("close", finish);
    req.write("{");
    pump();
  });
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!fs.existsSync("/proc/self/clear_refs")) throw new Error("this bench needs Linux's /proc/<pid>/clear_refs");
  out(
    `body-limit bench: a ${options.mb} MB chunked POST /v1/tag/list (no Content-Length), ${options.chunkKb} KB writes`,
  );
  out(
    `server code: ${options.root}${options.root === ROOT ? " (this checkout)" : ""}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const server = await startServer(options.root);
  out(`server: pid ${server.pid}, BODY_LIMIT_BYTES ${server.bodyLimitBytes}, API only (no Next), PGlite in memory`);

  // Warm the path up (compilation, first allocations), then take the baseline.
  for (let i = 0; i < 20; i++) {
    const answer = await request(server.port, "POST", "/v1/tag/list", "{}");
    if (answer.status !== 200) throw new Error(`warm-up answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  }
  const readBefore = await server.bytesRead();
  const before = memoryOf(server.pid);
  fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
  const result = await upload(server.port, options.mb * MB, options.chunkKb * 1024, options.timeoutS * 1000);
  const after = memoryOf(server.pid);
  const read = (await server.bytesRead()) - readBefore;

  const mb = (bytes: number) => (bytes / MB).toFixed(1);
  out();
  printTable(
    ["", "value"],
    [
      ["answer", result.status === null ? `none (${result.error ?? "closed"})` : String(result.status)],
      ["answered after", result.answerMs === null ? "-" : `${(result.answerMs / 1000).toFixed(2)} s`],
      [
        "client had sent when answered",
        `${mb(result.sentAtAnswer)} MB of ${options.mb} MB${result.finishedBody ? " (whole body sent)" : ""}`,
      ],
      ["client sent in all", `${mb(result.sent)} MB${result.error ? ` (then: ${result.error})` : ""}`],
      ["server read off the socket", `${mb(read)} MB`],
      ["server RSS before", `${mb(before.rss)} MB`],
      ["server peak RSS (VmHWM) during upload", `${mb(after.hwm)} MB`],
      ["peak RSS growth", `${mb(after.hwm - before.rss)} MB`],
      ["server RSS after", `${mb(after.rss)} MB`],
    ],
  );
}

void runBench("body-limit bench", main);
