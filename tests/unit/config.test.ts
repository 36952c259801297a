import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/server/config";

describe("configuration", () => {
  it("gives a working local default with nothing set", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REQUEST_SIGNING).toBe("off");
    expect(c.dataDir.endsWith("data")).toBe(true);
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["REDIS_URL", "http://x"],
    ["REQUEST_SIGNING", "sometimes"],
    ["SEED_DEMO", "maybe"],
    ["PUBLIC_BASE_URL", "not a url"],
    ["PUBLIC_BASE_URL", "javascript:alert(1)"],
    ["AVATAR_HOSTS", "https://cdn.example.com"],
    ["AVATAR_HOSTS", "cdn.example.com:443"],
    ["STRIPE_API_URL", "127.0.0.1:12111"],
    ["STRIPE_API_URL", "http://127.0.0.1:12111/v1"],
  ])("stops with a message naming %s when it is %s", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("times out slow requests by default, and keeps the headers' timeout within the request's", () => {
    const c = parseConfig({});
    expect([c.HEADERS_TIMEOUT_MS, c.REQUEST_TIMEOUT_MS, c.PAGE_RATE_LIMIT_PER_MINUTE]).toEqual([10_000, 30_000, 600]);
    expect(() => parseConfig({ HEADERS_TIMEOUT_MS: "20000", REQUEST_TIMEOUT_MS: "5000" })).toThrow(
      /HEADERS_TIMEOUT_MS:/,
    );
    expect(() => parseConfig({ REQUEST_TIMEOUT_MS: "10" })).toThrow(/REQUEST_TIMEOUT_MS:/);
    expect(() => parseConfig({ PAGE_RATE_LIMIT_PER_MINUTE: "0" })).toThrow(/PAGE_RATE_LIMIT_PER_MINUTE:/);
  });

  it("parses booleans and numbers", () => {
    const c = parseConfig({ SEED_DEMO: "false", TRUST_PROXY: "1", PORT: "8080" });
    expect(c.SEED_DEMO).toBe(false);
    expect(c.TRUST_PROXY).toBe(1);
    expect(c.PORT).toBe(8080);
  });

  it("reads AVATAR_HOSTS as a list of host names, none by default", () => {
    expect(parseConfig({}).AVATAR_HOSTS).toEqual([]);
    expect(parseConfig({ AVATAR_HOSTS: "cdn.example.com, LH3.googleusercontent.com" }).AVATAR_HOSTS).toEqual([
      "cdn.example.com",
      "lh3.googleusercontent.com",
    ]);
  });

  it("needs both Stripe secrets with PAYMENT_PROVIDER=stripe, and names the one missing", () => {
    const stripe = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" };
    expect(parseConfig(stripe).PAYMENT_PROVIDER).toBe("stripe");
    expect(() => parseConfig({ ...stripe, STRIPE_SECRET_KEY: "" })).toThrow(
      /STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe/,
    );
    expect(() => parseConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe/,
    );
    expect(parseConfig({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111" }).STRIPE_API_URL).toBe(
      "http://127.0.0.1:12111",
    );
  });

  it("uses S3 only with a complete setup, naming what is missing; https public URL in production", () => {
    const s3 = {
      S3_BUCKET: "kewl",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PUBLIC_URL: "https://cdn.kewl.example/media/",
    };
    const config = parseConfig(s3);
    expect(config.S3_PUBLIC_URL).toBe("https://cdn.kewl.example/media");
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => parseConfig({ ...s3, S3_PUBLIC_URL: "" })).toThrow(/S3_PUBLIC_URL: required when S3_\* is set/);
    expect(() => parseConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: required/);
    expect(() => parseConfig({ ...s3, S3_ACCESS_KEY_ID: undefined })).toThrow(/S3_ACCESS_KEY_ID: required/);
    expect(() => parseConfig({ ...s3, NODE_ENV: "production", S3_PUBLIC_URL: "http://cdn.kewl.example" })).toThrow(
      /S3_PUBLIC_URL: must be an https:\/\/ URL in production/,
    );
    expect(parseConfig({ ...s3, NODE_ENV: "test", S3_PUBLIC_URL: "http://127.0.0.1:4568/kewl" }).S3_PUBLIC_URL).toBe(
      "http://127.0.0.1:4568/kewl",
    );
    expect(() => parseConfig({ UPLOAD_SIGNING_SECRET: "short" })).toThrow(/UPLOAD_SIGNING_SECRET/);
  });
});
