import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { warnAboutInstances } from "@/server/cluster/instance-warnings";
import { parseConfig } from "@/server/config";
import type { Logger } from "@/server/logger";
import { createLocalDiskStorage } from "@/server/providers/storage/local-disk-storage";
import { s3Settings } from "@/server/providers/storage/s3-settings";
import { createS3Storage } from "@/server/providers/storage/s3-storage";

function recording(): Logger & { lines: Array<[string, string]> } {
  const lines: Array<[string, string]> = [];
  const keep = (level: string) => (msg: string) => void lines.push([level, msg]);
  return { lines, debug: keep("debug"), info: keep("info"), warn: keep("warn"), error: keep("error") };
}

const local = createLocalDiskStorage({ root: path.join(os.tmpdir(), "kewl-never-written"), secret: "s".repeat(32) });
const S3 = {
  S3_BUCKET: "b",
  S3_ACCESS_KEY_ID: "k",
  S3_SECRET_ACCESS_KEY: "s",
  S3_PUBLIC_URL: "https://cdn.example.test",
  S3_ENDPOINT: "http://127.0.0.1:9",
};

describe("start-up warnings for several instances", () => {
  it("warns about local-disk uploads while REDIS_URL is set, and not otherwise", () => {
    const logger = recording();
    warnAboutInstances(parseConfig({ REDIS_URL: "redis://127.0.0.1:6379" }), local, logger);
    expect(logger.lines).toEqual([["warn", expect.stringContaining("uploads go to this instance's local disk")]]);

    const quiet = recording();
    warnAboutInstances(parseConfig({}), local, quiet);
    const s3Config = parseConfig({ REDIS_URL: "redis://127.0.0.1:6379", ...S3 });
    warnAboutInstances(s3Config, createS3Storage(s3Settings(s3Config)!), quiet);
    expect(quiet.lines).toEqual([]);
  });

  it("says the database holds the shared secrets unencrypted on Postgres without APP_SECRET", () => {
    const logger = recording();
    warnAboutInstances(parseConfig({ DATABASE_URL: "postgres://db/kewl" }), local, logger);
    expect(logger.lines).toEqual([["info", expect.stringContaining("set APP_SECRET")]]);
    const sealed = recording();
    warnAboutInstances(parseConfig({ DATABASE_URL: "postgres://db/kewl", APP_SECRET: "a".repeat(32) }), local, sealed);
    expect(sealed.lines).toEqual([]);
  });
});
