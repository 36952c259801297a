import fs from "node:fs";
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/server/api/app";
import { parseConfig } from "@/server/config";
import { oauthIdentities } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { createHttpServer } from "@/server/http-server";
import { createLogger } from "@/server/logger";
import { createEventWriter } from "@/server/modules/analytics/event-writer";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createMockProvider } from "@/tests/support/mock-model";
import { startOidcTestProvider, TEST_CLIENT } from "../e2e/oidc-test-provider.mjs";
import { requestFrom } from "../support/loopback-client";
import { accountsEnv, bearer, randomIp, registerAccount, tempDataDir, uniqueEmail } from "./accounts-support";
import { CookieBrowser } from "./helpers/cookie-browser";
import { createTestDatabase, testDrivers } from "./helpers/test-database";
import { overSocket, testLocalStorage, type TestApi } from "./helpers/test-api";

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.each(testDrivers())("third-party sign-in (OpenID Connect) on %s", (driver) => {
  let database: DbHandle;
  let dataDir: string;
  let base: string;
  let api: TestApi;
  let provider: Awaited<ReturnType<typeof startOidcTestProvider>>;
  let http: ReturnType<typeof createHttpServer>;
  let oauthEnv: Record<string, string>;

  const apiDeps = (extra: Record<string, string>) => ({
    config: parseConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "100000",
      ...accountsEnv(dataDir, { ...oauthEnv, ...extra }),
    }),
    database,
    store: createMemoryStore(),
    logger: createLogger("silent"),
    llm: createMockProvider(),
    payments: null,
    storage: testLocalStorage(),
    analytics: createEventWriter(database, createLogger("silent")),
  });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dataDir = tempDataDir();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startOidcTestProvider({ redirectUris: [`${base}/v1/oauth/callback`] });
    oauthEnv = {
      OAUTH_CLIENT_ID: TEST_CLIENT.id,
      OAUTH_CLIENT_SECRET: TEST_CLIENT.secret,
      OAUTH_ISSUER: provider.issuer,
      OAUTH_PROVIDER_NAME: "Test ID",
    };
    const deps = apiDeps({ PUBLIC_BASE_URL: base });
    http = createHttpServer(createApi(deps));
    await new Promise<void>((resolve) => http.server.listen(port, "127.0.0.1", resolve));
    api = overSocket(deps, base);
  });
  afterAll(async () => {
    if (http?.server.listening) await http.shutdown(100);
    await provider?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The popup's whole trip: start → provider login and consent → our callback → /auth/callback. */
  const signInAtProvider = (login: string, onRedirect?: (to: URL) => URL) =>
    new CookieBrowser().run(new URL(`${base}/v1/oauth/start`), login, "/auth/callback", onRedirect);

  const getAccToken = (code: string) => api.from(randomIp()).post("/v1/channel/getacctoken", { code });

  /** getacctoken, app/login (reg_type 102) and user/info. */
  async function complete(code: string, keep: 0 | 1) {
    const exchanged = await getAccToken(code);
    expect(exchanged.status).toBe(200);
    const accountToken = (await exchanged.json()).data.access_token as string;
    const login = await api
      .from(randomIp())
      .post("/v1/app/login", { access_token: accountToken, reg_type: 102, device_type: "web", model: "web", keep });
    expect(login.status).toBe(200);
    const body = (await login.json()).data;
    const info = await (await api.request("/v1/user/info", { headers: bearer(body.access_token) })).json();
    return { isNew: body.is_new as boolean, user: info.data as { uid: string; name: string; email: string | null } };
  }

  it("answers the public config", async () => {
    const res = await api.request("/v1/oauth/config");
    expect((await res.json()).data).toEqual({ enabled: true, provider_name: "Test ID" });
  });

  it("creates a user on first sign-in, finds the same user next time, and codes are single use", async () => {
    const email = uniqueEmail("oidc");
    const first = await signInAtProvider(email);
    expect(first.origin).toBe(base);
    expect(first.searchParams.get("is_new")).toBe("true");
    const code = first.searchParams.get("code")!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const created = await complete(code, 1);
    expect(created.isNew).toBe(true);
    expect(created.user).toMatchObject({ email, name: "OIDC Tester" });

    const reused = await getAccToken(code);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ code: 40003, msg: "Sign-in failed. Please try again." });

    const second = await signInAtProvider(email);
    expect(second.searchParams.get("is_new")).toBe("false");
    const again = await complete(second.searchParams.get("code")!, 0);
    expect(again.isNew).toBe(false);
    expect(again.user.uid).toBe(created.user.uid);
  });

  it("sends the popup an error when the state was tampered with", async () => {
    const url = await signInAtProvider(uniqueEmail("tamper"), (to) => {
      if (to.pathname === "/v1/oauth/callback") to.searchParams.set("state", "tampered-state-0123456789");
      return to;
    });
    expect(url.searchParams.get("error")).toBe("invalid_state");
    expect(url.searchParams.get("code")).toBeNull();
  });

  it.each([
    ["no proxy trusted", { PORT: "4311" }, "http://localhost:4311", false],
    ["one trusted hop", { PORT: "4311", TRUST_PROXY: "1" }, "http://localhost:4311", true],
    [
      "trusted loopback and PUBLIC_BASE_URL",
      { TRUST_PROXY: "loopback", PUBLIC_BASE_URL: "https://kewl.example.test/" },
      "https://kewl.example.test",
      true,
    ],
  ])("never takes redirect_uri from the Host or X-Forwarded-Host (%s)", async (_name, extra, expected, secure) => {
    const other = createHttpServer(createApi(apiDeps(extra)));
    await new Promise<void>((resolve) => other.server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = other.server.address() as net.AddressInfo;
      const res = await requestFrom("127.0.0.1", `http://127.0.0.1:${port}/v1/oauth/start`, {
        headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      });
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get("location")!).searchParams.get("redirect_uri")).toBe(
        `${expected}/v1/oauth/callback`,
      );
      // The state cookie is Secure only when a trusted proxy says the client came over https.
      expect(/;\s*secure/i.test(res.headers.get("set-cookie") ?? "")).toBe(secure);
    } finally {
      await other.shutdown(100);
    }
  });

  it("refuses an unknown code", async () => {
    const res = await getAccToken("x".repeat(43));
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe(40003);
  });

  it("links a verified e-mail to the existing account", async () => {
    const email = uniqueEmail("linked");
    const accountToken = await registerAccount(api, email, "pass-word");
    const login = await api
      .from(randomIp())
      .post("/v1/app/login", { access_token: accountToken, reg_type: 108, keep: 0 });
    const uid = (await login.json()).data.user_info.uid as string;

    const url = await signInAtProvider(email);
    expect(url.searchParams.get("is_new")).toBe("false");
    const { user, isNew } = await complete(url.searchParams.get("code")!, 0);
    expect(isNew).toBe(false);
    expect(user.uid).toBe(uid);
    const rows = await database.db.select().from(oauthIdentities).where(eq(oauthIdentities.subject, email));
    expect(rows).toHaveLength(1);
  });

  it("does not link an unverified e-mail: a separate user without the e-mail", async () => {
    const email = uniqueEmail("unverified");
    const accountToken = await registerAccount(api, email, "pass-word");
    const login = await api
      .from(randomIp())
      .post("/v1/app/login", { access_token: accountToken, reg_type: 108, keep: 0 });
    const uid = (await login.json()).data.user_info.uid as string;

    const url = await signInAtProvider(`unverified:${email}`);
    expect(url.searchParams.get("is_new")).toBe("true");
    const { user } = await complete(url.searchParams.get("code")!, 1);
    expect(user.uid).not.toBe(uid);
    expect(user.email).toBeNull();
  });
});

describe("third-party sign-in switched off", () => {
  it("reports disabled and has no start route", async () => {
    const { createTestApi } = await import("./helpers/test-api");
    const database = await createTestDatabase("pglite");
    try {
      const api = createTestApi(database);
      expect((await (await api.request("/v1/oauth/config")).json()).data).toEqual({
        enabled: false,
        provider_name: "Google",
      });
      expect((await api.request("/v1/oauth/start")).status).toBe(404);
    } finally {
      await database.close();
    }
  });

  it("requires the client secret with a client id", () => {
    expect(() => parseConfig({ OAUTH_CLIENT_ID: "abc" })).toThrow(/OAUTH_CLIENT_SECRET/);
  });
});
