import { describe, expect, it } from "vitest";
import { isSuccessCode, readEnvelope } from "@/lib/api/envelope";
import { envelopeSchema } from "@/lib/api/envelope-schemas";
import { MAX_RETRY_AFTER_MS, backoffDelay, isRetryableRequest, parseRetryAfter, retryDelay } from "@/lib/api/retry";

/** The API client's rules without a request: what counts as success, the envelope's reading, and retries. */
describe("policy helpers", () => {
  it("isSuccessCode accepts only 0 and 200", () => {
    expect([0, 200].map(isSuccessCode)).toEqual([true, true]);
    expect([1, 201, 401, -1, "0", null, undefined].map(isSuccessCode)).toEqual(Array(7).fill(false));
  });

  it("readEnvelope prefers code over status and message fallbacks", () => {
    expect(readEnvelope({ code: 3, status: 0, message: "m" })).toEqual({ ok: false, code: 3, msg: "m", data: null });
    expect(readEnvelope({ status: 200, data: [1] })).toEqual({ ok: true, code: 200, msg: undefined, data: [1] });
    expect(readEnvelope({ msg: "x" })).toBeNull();
    expect(readEnvelope("text")).toBeNull();
  });

  it("readEnvelope accepts exactly what the loose zod envelope schema accepts", () => {
    const bodies: unknown[] = [
      { code: 0, msg: "success", data: { a: 1 } },
      { code: 0, msg: "", message: "fallback", data: null, extra: 1 },
      { status: 200 },
      { code: "0" },
      { code: 0, msg: 5 },
      { code: 0, message: false },
      { status: "ok", code: 1 },
      { code: Number.NaN },
      [{ code: 0 }],
      null,
      42,
    ];
    for (const body of bodies) {
      const parsed = envelopeSchema.safeParse(body);
      const hasCode = parsed.success && (parsed.data.code ?? parsed.data.status) !== undefined;
      expect(readEnvelope(body) !== null, JSON.stringify(body)).toBe(hasCode);
    }
  });

  it("backoff grows 300 -> 900 ms with at most 20% jitter", () => {
    expect(backoffDelay(1, () => 0.5)).toBe(300);
    expect(backoffDelay(2, () => 0.5)).toBe(900);
    expect(backoffDelay(1, () => 0)).toBe(240);
    expect(backoffDelay(2, () => 0.999_999)).toBeLessThanOrEqual(1080);
  });

  it("parses Retry-After as seconds or an HTTP date, and waits only up to the cap", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:04 GMT", now)).toBe(4000);
    expect(parseRetryAfter("Wed, 01 Jan 2025 01:00:00 GMT", now)).toBe(3_600_000);
    expect(retryDelay(1, "10")).toBe(MAX_RETRY_AFTER_MS);
    expect(retryDelay(1, "11")).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("only GET/HEAD requests are retryable", () => {
    expect(isRetryableRequest("GET")).toBe(true);
    expect(isRetryableRequest("HEAD")).toBe(true);
    expect(isRetryableRequest("POST")).toBe(false);
    expect(isRetryableRequest("DELETE")).toBe(false);
    expect(isRetryableRequest("PUT")).toBe(false);
  });
});
