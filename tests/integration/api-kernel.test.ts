import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTokens } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { hashToken } from "@/server/modules/sessions/tokens";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("API kernel on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    api = createTestApi(database, { BODY_LIMIT_BYTES: "2048" });
  });
  afterAll(async () => database?.close());

  it("answers health with the database status in the envelope", async () => {
    const res = await api.request("/v1/health");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ code: 0, msg: "success", data: { status: "ok", database: { status: "up", driver } } });
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    // Served over plain http (no https PUBLIC_BASE_URL): no HSTS, as on pages.
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS, with the pages' value, when the site is served over https", async () => {
    const https = createTestApi(database, { PUBLIC_BASE_URL: "https://kewl.example.test" });
    const res = await https.request("/v1/health");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
  });

  it("lists tags with their character counts", async () => {
    const res = await api.post("/v1/tag/list", {});
    const body = await res.json();
    expect(body.code).toBe(0);
    expect(body.data.list.length).toBeGreaterThanOrEqual(12);
    expect(body.data.list[0]).toEqual(
      expect.objectContaining({ key: expect.any(String), name: expect.any(String), robot_count: expect.any(Number) }),
    );
    expect(body.data.list.every((t: { robot_count: number }) => t.robot_count >= 4)).toBe(true);
  });

  it("compresses larger answers only for clients that accept gzip", async () => {
    const plain = await api.post("/v1/tag/robots", { page_size: 50 });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const gz = await api.post("/v1/tag/robots", { page_size: 50 }, { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("cache-control")).toBe("no-store");
  });

  it("accepts an empty body as {}", async () => {
    const res = await api.request("/v1/tag/list", { method: "POST" });
    expect(res.status).toBe(200);
  });

  it.each([
    ["malformed JSON", "{bad", "Malformed JSON body"],
    ["an array body", "[1,2]", "The JSON body must be an object"],
    ["a bare string", '"hello"', "The JSON body must be an object"],
  ])("rejects %s with 400", async (_label, raw, msg) => {
    const res = await api.post("/v1/tag/list", raw);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, msg, data: null });
  });

  it("names an unknown field in the 400", async () => {
    const res = await api.post("/v1/tag/list", { sneaky: 1 });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toContain("'sneaky'");
  });

  it("rejects a body that is not JSON with 415", async () => {
    const res = await api.request("/v1/tag/list", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "x=1",
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe(415);
  });

  it("rejects an oversized body with 413 without parsing it", async () => {
    const res = await api.post("/v1/tag/list", { pad: "x".repeat(4096) });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe(413);
  });

  it("answers unknown /v1 paths with 404 in the envelope", async () => {
    const res = await api.request("/v1/does/not/exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, data: null });
  });

  it("serves deterministic local avatars and 404s unknown styles", async () => {
    const a = await api.request("/v1/avatar/lorelei/mira.svg");
    const b = await api.request("/v1/avatar/lorelei/mira.svg");
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toContain("image/svg+xml");
    expect(a.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await a.text();
    expect(svg.startsWith("<svg")).toBe(true);
    expect(await b.text()).toBe(svg);
    expect((await api.request("/v1/avatar/nope/mira.svg")).status).toBe(404);
  });

  describe("bearer token guard", () => {
    it("requires a token on authenticated routes (HTTP 401, body code 401)", async () => {
      const res = await api.request("/v1/user/info");
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe(401);
    });

    it.each([
      ["Bearer"],
      ["Bearer short"],
      ["Basic abcdefabcdefabcdefabcdef"],
      ["Bearer " + "x".repeat(200)],
      ["Bearer bad token!!!!!!!!!!"],
    ])("rejects a garbled authorization header %#", async (header) => {
      const res = await api.request("/v1/user/info", { headers: { authorization: header } });
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe(401);
    });

    it("rejects an unknown well-formed token", async () => {
      const res = await api.request("/v1/user/info", { headers: { authorization: "Bearer " + "a".repeat(43) } });
      expect(res.status).toBe(401);
    });

    it("accepts a live session and returns the user's profile", async () => {
      const { user, token } = await createUserWithSession(database.db, "Ada");
      const res = await api.request("/v1/user/info", { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).data).toEqual({
        uid: user.id,
        key: user.key,
        name: "Ada",
        face: "",
        sex: -1,
        email: user.email,
      });
    });

    it("stores only the token's hash and refuses revoked or expired sessions", async () => {
      const { token } = await createUserWithSession(database.db);
      const rows = await database.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashToken(token)));
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);

      await database.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authTokens.tokenHash, hashToken(token)));
      expect((await api.request("/v1/user/info", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);

      const second = await createUserWithSession(database.db);
      await database.db
        .update(authTokens)
        .set({ revokedAt: new Date() })
        .where(eq(authTokens.tokenHash, hashToken(second.token)));
      expect(
        (await api.request("/v1/user/info", { headers: { authorization: `Bearer ${second.token}` } })).status,
      ).toBe(401);
    });
  });
});
