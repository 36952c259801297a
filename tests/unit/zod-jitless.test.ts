import { afterEach, describe, expect, it } from "vitest";
import { config } from "zod/v4/core";
import { makeZodJitless } from "@/lib/validation/zod-jitless";

describe("makeZodJitless", () => {
  afterEach(() => {
    config({ jitless: false });
  });

  it("turns on the setting zod itself reads (fails if a zod upgrade moves its global settings)", () => {
    expect(config().jitless).toBeFalsy();
    makeZodJitless();
    expect(config().jitless).toBe(true);
  });

  it("creates the settings before zod has loaded, for zod to adopt", () => {
    const fresh: Record<string, unknown> = {};
    makeZodJitless(fresh);
    expect(fresh).toEqual({ __zod_globalConfig: { jitless: true } });
  });
});
