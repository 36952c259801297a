import { describe, expect, it } from "vitest";
import {
  nextCrashCount,
  RESTART_FIRST_DELAY_MS,
  RESTART_MAX_DELAY_MS,
  RESTART_STABLE_AFTER_MS,
  restartDelayMs,
  workersAcceptThemselves,
} from "@/server/cluster/cluster-rules";
import { runsTimedJobs } from "@/server/cluster/worker-slot";
import { ConfigError, parseConfig } from "@/server/config";

const POSTGRES = "postgresql://kewl@db.example/kewl";
const REDIS = "redis://cache.example:6379";

describe("WEB_CONCURRENCY", () => {
  it("is one process by default, and any count of workers up to 256", () => {
    expect(parseConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(parseConfig({ WEB_CONCURRENCY: "4", DATABASE_URL: POSTGRES, REDIS_URL: REDIS }).WEB_CONCURRENCY).toBe(4);
    for (const bad of ["0", "-1", "2.5", "many", "257"]) {
      expect(() => parseConfig({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY:/);
    }
  });

  it("needs DATABASE_URL for more than one worker: PGlite is one process's database", () => {
    expect(() => parseConfig({ WEB_CONCURRENCY: "2", REDIS_URL: REDIS })).toThrow(
      new ConfigError(
        "Invalid configuration:\n" +
          "  WEB_CONCURRENCY: 2 worker processes need DATABASE_URL (a Postgres server): the embedded PGlite database belongs to one process",
      ),
    );
  });

  it("needs REDIS_URL for more than one worker, naming the variable", () => {
    expect(() => parseConfig({ WEB_CONCURRENCY: "3", DATABASE_URL: POSTGRES })).toThrow(
      new ConfigError(
        "Invalid configuration:\n" +
          "  WEB_CONCURRENCY: 3 worker processes need REDIS_URL: rate limits, sign-in back-off and reply leases must be shared between them",
      ),
    );
  });

  it("lists both missing variables at once, and refuses workers in development", () => {
    const attempt = () => parseConfig({ WEB_CONCURRENCY: "2", NODE_ENV: "development" });
    expect(attempt).toThrow(/more than 1 worker runs only in production/);
    expect(attempt).toThrow(/need DATABASE_URL[\s\S]*need REDIS_URL/);
  });

  it("asks nothing more of a single process", () => {
    expect(() => parseConfig({ WEB_CONCURRENCY: "1", NODE_ENV: "development" })).not.toThrow();
  });

  it("leaves the WORKER_PID_HEADER off unless switched on", () => {
    expect(parseConfig({}).WORKER_PID_HEADER).toBe(false);
    expect(parseConfig({ WORKER_PID_HEADER: "true" }).WORKER_PID_HEADER).toBe(true);
  });
});

describe("replacing a worker that died", () => {
  it("replaces it at once the first time, then waits twice as long for each crash in a row, up to the cap", () => {
    expect(restartDelayMs(1)).toBe(0);
    expect(restartDelayMs(2)).toBe(RESTART_FIRST_DELAY_MS);
    expect(restartDelayMs(3)).toBe(RESTART_FIRST_DELAY_MS * 2);
    expect(restartDelayMs(4)).toBe(RESTART_FIRST_DELAY_MS * 4);
    expect(restartDelayMs(50)).toBe(RESTART_MAX_DELAY_MS);
  });

  it("counts crashes in a row only while workers die young", () => {
    expect(nextCrashCount(0, 10)).toBe(1);
    expect(nextCrashCount(3, 10)).toBe(4);
    expect(nextCrashCount(7, RESTART_STABLE_AFTER_MS)).toBe(1);
  });
});

describe("the timed jobs", () => {
  it("run in the single process, or in the worker of slot 0 only", () => {
    expect(runsTimedJobs(null)).toBe(true);
    expect(runsTimedJobs(0)).toBe(true);
    expect(runsTimedJobs(1)).toBe(false);
  });
});

describe("how connections reach the workers", () => {
  it("lets each worker accept its own unless Node's NODE_CLUSTER_SCHED_POLICY says otherwise", () => {
    expect(workersAcceptThemselves({})).toBe(true);
    expect(workersAcceptThemselves({ NODE_CLUSTER_SCHED_POLICY: "" })).toBe(true);
    expect(workersAcceptThemselves({ NODE_CLUSTER_SCHED_POLICY: "rr" })).toBe(false);
    expect(workersAcceptThemselves({ NODE_CLUSTER_SCHED_POLICY: "none" })).toBe(false);
  });
});
