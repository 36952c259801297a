import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignatureFields, signParams } from "@/lib/api/signature";
import type { DbHandle } from "@/server/db/types";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase } from "./helpers/test-database";

const KEY = "integration-signing-key";

function signedBody(body: Record<string, unknown>, opts: { ts?: number; nonce?: string } = {}) {
  const fields = createSignatureFields("device-1", opts.ts, opts.nonce);
  const full = { ...body, ...fields };
  return { full, sign: signParams(full, KEY) };
}

describe("request signing (SPEC §7)", () => {
  let database: DbHandle;
  let enforced: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    enforced = createTestApi(database, { REQUEST_SIGNING: "enforce", SIGNING_KEY: KEY, SIGNING_WINDOW_SECONDS: "300" });
  });
  afterAll(async () => database?.close());

  it("accepts a correctly signed POST and strips the lm_* fields before validation", async () => {
    const { full, sign } = signedBody({});
    const res = await enforced.post("/v1/tag/list", full, { "lm-s-sign": sign });
    expect(res.status).toBe(200);
  });

  it("accepts a correctly signed GET with the fields in the query", async () => {
    const fields = createSignatureFields("device-1");
    const qs = new URLSearchParams(fields as Record<string, string>).toString();
    const res = await enforced.request(`/v1/health?${qs}`, { headers: { "lm-s-sign": signParams(fields, KEY) } });
    expect(res.status).toBe(200);
  });

  it("rejects a missing signature", async () => {
    const res = await enforced.post("/v1/tag/list", {});
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 40010, msg: "Missing request signature" });
  });

  it("rejects a signature that does not match the body (tampering)", async () => {
    const { full, sign } = signedBody({});
    const res = await enforced.post("/v1/tag/list", { ...full, lm_s_id: "someone-else" }, { "lm-s-sign": sign });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe("Invalid request signature");
  });

  it("rejects a signature made with another key", async () => {
    const fields = createSignatureFields("device-1");
    const res = await enforced.post("/v1/tag/list", fields, { "lm-s-sign": signParams(fields, "wrong-key") });
    expect((await res.json()).code).toBe(40010);
  });

  it("rejects a timestamp outside the window", async () => {
    const { full, sign } = signedBody({}, { ts: Math.floor(Date.now() / 1000) - 3600 });
    const res = await enforced.post("/v1/tag/list", full, { "lm-s-sign": sign });
    expect((await res.json()).msg).toBe("Request signature expired");
  });

  it("rejects a replayed nonce", async () => {
    const { full, sign } = signedBody({});
    expect((await enforced.post("/v1/tag/list", full, { "lm-s-sign": sign })).status).toBe(200);
    const replay = await enforced.post("/v1/tag/list", full, { "lm-s-sign": sign });
    expect(replay.status).toBe(400);
    expect((await replay.json()).msg).toBe("Request signature already used");
  });

  it("lets unsigned requests through when signing is off (the default)", async () => {
    const open = createTestApi(database);
    expect((await open.post("/v1/tag/list", {})).status).toBe(200);
  });

  it("only logs in verify mode", async () => {
    const verify = createTestApi(database, { REQUEST_SIGNING: "verify", SIGNING_KEY: KEY });
    expect((await verify.post("/v1/tag/list", {})).status).toBe(200);
  });
});
