import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signParams } from "@/lib/api/sign-params";
import { canonicalString, createSignatureFields } from "@/lib/api/signature";
import type { DbHandle } from "@/server/db/types";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase } from "./helpers/test-database";

const KEY = "integration-signing-key";

function signedBody(body: Record<string, unknown>, opts: { ts?: number; nonce?: string } = {}) {
  const fields = createSignatureFields("device-1", opts.ts, opts.nonce);
  const full: Record<string, unknown> = { ...body, ...fields };
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

  it("lets unsigned GETs of public resources through: health probes and avatar images", async () => {
    const health = await enforced.request("/v1/health");
    expect(health.status).toBe(200);
    expect((await enforced.request("/v1/health", { method: "HEAD" })).status).toBe(200);
    expect((await enforced.request("/v1/health/ready")).status).toBe(200);
    const avatar = await enforced.request("/v1/avatar/lorelei/some-seed.svg");
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("content-type")).toContain("image/svg+xml");
    // The OAuth navigations pass the signature check (then 404 here: no provider is configured).
    expect((await enforced.request("/v1/oauth/start")).status).toBe(404);
  });

  it("still refuses unsigned requests for anything personal or not on the list", async () => {
    const { token } = await createUserWithSession(database.db);
    const outbox = createTestApi(database, {
      REQUEST_SIGNING: "enforce",
      SIGNING_KEY: KEY,
      TEST_OUTBOX_ENABLED: "true",
    });
    const refused = [
      await enforced.request("/v1/user/info", { headers: { authorization: `Bearer ${token}` } }),
      await enforced.request("/v1/buy_coin/wallet", { headers: { authorization: `Bearer ${token}` } }),
      await enforced.request("/v1/oauth/config"),
      await outbox.request("/v1/test/outbox?email=a@example.test"),
      await enforced.request("/v1/health/extra"),
      await enforced.request("/v1/avatar/lorelei/seed.svg/more"),
      await enforced.post("/v1/health", {}),
    ];
    for (const res of refused) {
      expect(await res.json()).toMatchObject({ code: 40010, msg: "Missing request signature" });
    }
  });

  it("refuses a request whose text was shifted into a signature field, though its md5 is unchanged", async () => {
    // Signed as { tag_key: "fantasy" }: canonical "…lm_s_ver1tag_keyfantasy". Moving "tag_keyfantasy" into
    // lm_s_ver's value drops the field with the same canonical string, so the same signature.
    const { full, sign } = signedBody({ tag_key: "fantasy" });
    const { tag_key: _dropped, ...rest } = full;
    const shifted = { ...rest, lm_s_ver: "1tag_keyfantasy" };
    expect(canonicalString(shifted, KEY)).toBe(canonicalString(full, KEY));
    const res = await enforced.post("/v1/tag/robots", shifted, { "lm-s-sign": sign });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 40010, msg: "Malformed request signature fields" });
    // The honest request passes the check (and reaches the route: no tags in this database).
    const honest = await enforced.post("/v1/tag/robots", full, { "lm-s-sign": sign });
    expect(await honest.json()).toMatchObject({ code: 404, msg: "Tag not found" });
  });

  it("refuses the timestamp's digits shifted into the next key", async () => {
    // "…lm_s_ts1700000000lm_s_ver1": lm_s_ts "1700000000lm_s_ver1" alone gives the same md5 without lm_s_ver.
    const { full, sign } = signedBody({});
    const { lm_s_ver: _ver, ...rest } = full;
    const shifted = { ...rest, lm_s_ts: `${full.lm_s_ts}lm_s_ver1` };
    expect(canonicalString(shifted, KEY)).toBe(canonicalString(full, KEY));
    const res = await enforced.post("/v1/tag/list", shifted, { "lm-s-sign": sign });
    expect((await res.json()).code).toBe(40010);
  });

  it.each([
    ["lm_s_ver", "2"],
    ["lm_s_ver", "1 "],
    ["h5", "0"],
    ["h5", 1],
    ["lm_s_ts", " 1700000000"],
    ["lm_s_ts", "1.7e9"],
    ["lm_s_ts", "0x6553f100"],
    ["lm_s_ts", 1700000000],
    ["lm_s_str", "short"],
    ["lm_s_str", "ABCDEFGHIJKLMNOP"],
    ["lm_s_str", "abcdefghijklmnop1"],
    ["lm_s_id", "x".repeat(65)],
    ["lm_s_id", "a/b"],
    ["lm_s_id", "dev ice"],
    ["lm_s_id", ""],
  ])("refuses %s = %j even when signed over it", async (field, value) => {
    const { full } = signedBody({});
    const tampered = { ...full, [field]: field === "lm_s_ts" && value === " 1700000000" ? ` ${full.lm_s_ts}` : value };
    const res = await enforced.post("/v1/tag/list", tampered, { "lm-s-sign": signParams(tampered, KEY) });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe(40010);
  });

  it("refuses signature fields sent twice (query and body)", async () => {
    const { full, sign } = signedBody({});
    const qs = new URLSearchParams({ lm_s_ver: "1" }).toString();
    const res = await enforced.post(`/v1/tag/list?${qs}`, full, { "lm-s-sign": sign });
    expect(await res.json()).toMatchObject({ code: 40010, msg: "Malformed request signature fields" });
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
