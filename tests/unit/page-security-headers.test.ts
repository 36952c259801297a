import { describe, expect, it } from "vitest";
import { createNonce, HSTS_VALUE, pageSecurityHeaders } from "@/server/pages/security-headers";
import { directives } from "../support/csp-directives";

const cspOf = (headers: Record<string, string>) => directives(headers["Content-Security-Policy"] ?? "");

describe("pageSecurityHeaders", () => {
  it("lets scripts run only with the nonce, never inline or eval, in production", () => {
    const csp = cspOf(pageSecurityHeaders("abc123==", { dev: false }));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  it("allows eval for React's dev tooling only in development", () => {
    const csp = cspOf(pageSecurityHeaders("n0nce", { dev: true }));
    expect(csp.get("script-src")).toContain("'unsafe-eval'");
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("keeps inline styles (Radix, vaul, React style attributes) with no nonce that would cancel 'unsafe-inline'", () => {
    const csp = cspOf(pageSecurityHeaders("n0nce", { dev: false }));
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("allows images from our own origin, data: captchas and the AVATAR_HOSTS hosts only", () => {
    expect(cspOf(pageSecurityHeaders("n0nce", { dev: false })).get("img-src")).toEqual(["'self'", "data:"]);
    const csp = cspOf(
      pageSecurityHeaders("n0nce", { dev: false, avatarHosts: ["lh3.googleusercontent.com", "cdn.example.com"] }),
    );
    expect(csp.get("img-src")).toEqual([
      "'self'",
      "data:",
      "https://lh3.googleusercontent.com",
      "https://cdn.example.com",
    ]);
  });

  it("lets the browser reach the API and the analytics collector on their own origins", () => {
    const csp = cspOf(
      pageSecurityHeaders("n0nce", {
        dev: false,
        apiBaseUrl: "https://api.kewl.example/base/",
        analyticsUrl: "https://stats.example.org:8443/collect?x=1",
      }),
    );
    expect(csp.get("connect-src")).toEqual(["'self'", "https://api.kewl.example", "https://stats.example.org:8443"]);
  });

  it("with S3 uploads, allows the verified copies' origin as images and the bucket's as a form target", () => {
    const csp = cspOf(
      pageSecurityHeaders("n0nce", {
        dev: false,
        uploadImageOrigin: "https://cdn.kewl.example",
        uploadPostOrigin: "https://avatars.s3.eu-west-1.amazonaws.com",
      }),
    );
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "https://cdn.kewl.example"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://avatars.s3.eu-west-1.amazonaws.com"]);
  });

  it("connects to its own origin only when the API is same-origin and no collector is set", () => {
    const csp = cspOf(pageSecurityHeaders("n0nce", { dev: false, apiBaseUrl: "", analyticsUrl: "not a url" }));
    expect(csp.get("connect-src")).toEqual(["'self'"]);
  });

  it("sends HSTS and upgrade-insecure-requests when the public address is https", () => {
    const headers = pageSecurityHeaders("n0nce", { dev: false, publicBaseUrl: "https://kewl.example" });
    expect(headers["Strict-Transport-Security"]).toBe(HSTS_VALUE);
    expect(Number(/^max-age=(\d+)/.exec(HSTS_VALUE)?.[1])).toBeGreaterThanOrEqual(15_552_000);
    expect(cspOf(headers).has("upgrade-insecure-requests")).toBe(true);
  });

  it("sends no HSTS for a plain-http or unknown public address", () => {
    for (const publicBaseUrl of ["http://127.0.0.1:3000", undefined, "nonsense"]) {
      const headers = pageSecurityHeaders("n0nce", { dev: false, publicBaseUrl });
      expect(headers["Strict-Transport-Security"]).toBeUndefined();
      expect(cspOf(headers).has("upgrade-insecure-requests")).toBe(false);
    }
  });
});

describe("createNonce", () => {
  it("gives 128 random bits in the base64 form Next extracts from the CSP header", () => {
    const a = createNonce();
    const b = createNonce();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(Buffer.from(a, "base64")).toHaveLength(16);
  });
});
