import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = process.cwd();
/** What a build reads (scripts/source-hash.mjs names the same), plus the style and tooling configuration. */
const SOURCES = [
  "app",
  "components",
  "lib",
  "stores",
  "server",
  "public",
  "scripts",
  "next.config.ts",
  "postcss.config.mjs",
  "tailwind.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "proxy.ts",
  "instrumentation-client.ts",
  ".gitignore",
];

/**
 * A second production build of these sources, as a deploy would bring: a copy of the project (node_modules
 * hard-linked, since Turbopack cannot build through a symlink, and the first build's cache copied) built with its
 * own build id. Answers its folder.
 */
export async function buildSecondCopy(buildId: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-build-b-"));
  for (const entry of SOURCES) {
    if (fs.existsSync(path.join(ROOT, entry))) {
      fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
    }
  }
  await run("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  // The first build's cache, as a deploy pipeline keeps it between builds (Next's docs ask CI to): the build takes
  // about half as long, and what changed (the build id) is still built anew.
  const cache = path.join(ROOT, ".next", "cache");
  if (fs.existsSync(cache)) fs.cpSync(cache, path.join(dir, ".next", "cache"), { recursive: true });
  await run(process.execPath, ["scripts/build.mjs"], {
    cwd: dir,
    env: { ...process.env, KEWL_BUILD_ID: buildId },
    maxBuffer: 64 * 1024 * 1024,
  });
  return dir;
}

export interface RunningServer {
  stop(): Promise<void>;
}

/**
 * Starts the app already built in `dir` on `port` with the embedded database in `dataDir`: its bundled entry, as
 * scripts/start.mjs runs it once the build is current. Not start.mjs itself, which rebuilds a checkout whose sources
 * changed since its build: a source edited while the suite runs would rebuild `.next` under the suite's own server.
 */
export async function startBuiltServer(dir: string, port: number, dataDir: string): Promise<RunningServer> {
  if (!fs.existsSync(path.join(dir, "dist/server.mjs")) || !fs.existsSync(path.join(dir, ".next/BUILD_ID"))) {
    throw new Error(`no production build in ${dir}`);
  }
  const child: ChildProcess = spawn(process.execPath, ["dist/server.mjs"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      SEED_DEMO: "true",
      LOG_LEVEL: "error",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_PER_MINUTE: "100000",
      PAGE_RATE_LIMIT_PER_MINUTE: "100000",
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}/v1/health`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server in ${dir} exited: ${stderr}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 200))]);
  }
  return {
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
