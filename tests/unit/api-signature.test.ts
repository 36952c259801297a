import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { signParams } from "@/lib/api/sign-params";
import { canonicalString, createNonce, createSignatureFields } from "@/lib/api/signature";

const md5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");

describe("signParams test vector", () => {
  it("matches an md5 of a hand-written canonical string", () => {
    const params = {
      lm_s_ver: "1",
      lm_s_ts: "1700000000",
      lm_s_str: "abc123def456gh78",
      lm_s_id: "device-1",
      h5: "1",
      robot_key: "r_42",
      page: 2,
    };
    // keys ascending: h5, lm_s_id, lm_s_str, lm_s_ts, lm_s_ver, page, robot_key
    const expected = "h51lm_s_iddevice-1lm_s_strabc123def456gh78lm_s_ts1700000000lm_s_ver1page2robot_keyr_42secret";
    expect(canonicalString(params, "secret")).toBe(expected);
    expect(signParams(params, "secret")).toBe(md5(expected));
  });

  it("skips undefined, null and empty-string values but keeps 0 and false", () => {
    const params = { a: "", b: null, c: undefined, d: 0, e: false, f: "x" };
    const expected = "d0efalsefxK";
    expect(canonicalString(params, "K")).toBe(expected);
    expect(signParams(params, "K")).toBe(md5(expected));
  });

  it("sorts by plain code-unit order (upper case before lower, '_' between)", () => {
    const params = { b: "1", a: "2", B: "3", _z: "4", a_: "5", aa: "6" };
    // code units: B(66) < _(95) < a(97) < b(98); "a" < "a_" < "aa"
    const expected = "B3_z4a2a_5aa6b1k";
    expect(canonicalString(params, "k")).toBe(expected);
    expect(signParams(params, "k")).toBe(md5(expected));
  });

  it("serialises numbers, booleans, nested objects and arrays", () => {
    const params = { n: 1.5, neg: -3, t: true, obj: { x: 1, y: [1, "two", null] }, arr: [3, { k: "v" }] };
    const expected = 'arr[3,{"k":"v"}]n1.5neg-3obj{"x":1,"y":[1,"two",null]}ttruekey';
    expect(canonicalString(params, "key")).toBe(expected);
    expect(signParams(params, "key")).toBe(md5(expected));
  });

  it("hashes non-ASCII text as UTF-8", () => {
    const params = { name: "Zoë 猫" };
    const expected = "nameZoë 猫k";
    expect(signParams(params, "k")).toBe(md5(expected));
  });

  it("with no params signs just the key", () => {
    expect(signParams({}, "only-key")).toBe(md5("only-key"));
  });

  it("changes when any value or the key changes", () => {
    const base = { a: "1", b: "2" };
    const sig = signParams(base, "k");
    expect(signParams({ ...base, b: "3" }, "k")).not.toBe(sig);
    expect(signParams(base, "k2")).not.toBe(sig);
  });
});

describe("signature fields", () => {
  it("builds fields with unix seconds, a nonce and version 1", () => {
    const fields = createSignatureFields("dev", 1_700_000_000_999, "n".repeat(16));
    expect(fields).toEqual({
      lm_s_id: "dev",
      lm_s_ts: "1700000000",
      lm_s_str: "nnnnnnnnnnnnnnnn",
      lm_s_ver: "1",
      h5: "1",
    });
  });

  it("nonces are 16 chars of [a-z0-9] and differ", () => {
    const a = createNonce();
    const b = createNonce();
    expect(a).toMatch(/^[a-z0-9]{16}$/);
    expect(b).toMatch(/^[a-z0-9]{16}$/);
    expect(a).not.toBe(b);
  });
});
