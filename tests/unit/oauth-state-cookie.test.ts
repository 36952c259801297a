import { describe, expect, it } from "vitest";
import { OAUTH_COOKIE_MAX_AGE_S, openAttempt, sealAttempt } from "@/server/modules/oauth/state-cookie";

const KEY = Buffer.alloc(32, 7);
const ATTEMPT = { state: "s".repeat(43), nonce: "n".repeat(43), verifier: "v".repeat(43) };

describe("the OAuth attempt cookie", () => {
  it("opens what it sealed, until it expires", () => {
    const sealed = sealAttempt(KEY, ATTEMPT, 1_000);
    expect(openAttempt(KEY, sealed, 2_000)).toMatchObject(ATTEMPT);
    expect(openAttempt(KEY, sealed, 1_000 + OAUTH_COOKIE_MAX_AGE_S * 1000 + 1)).toBeNull();
  });

  it("refuses a tampered payload, another key and junk", () => {
    const sealed = sealAttempt(KEY, ATTEMPT);
    const [payload, mac] = sealed.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...ATTEMPT, state: "x".repeat(43), exp: Date.now() + 60_000 }),
    ).toString("base64url");
    expect(openAttempt(KEY, `${forged}.${mac}`)).toBeNull();
    expect(openAttempt(Buffer.alloc(32, 8), sealed)).toBeNull();
    expect(openAttempt(KEY, `${payload}`)).toBeNull();
    expect(openAttempt(KEY, undefined)).toBeNull();
    expect(openAttempt(KEY, "a.b.c")).toBeNull();
  });
});
