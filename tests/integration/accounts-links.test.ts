import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/server/api/app";
import { parseConfig } from "@/server/config";
import type { DbHandle } from "@/server/db/types";
import { createHttpServer } from "@/server/http-server";
import { createLogger } from "@/server/logger";
import { createEventWriter } from "@/server/modules/analytics/event-writer";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createMockProvider } from "@/tests/support/mock-model";
import { requestFrom } from "../support/loopback-client";
import { accountsEnv, outbox, randomIp, registerAccount, tempDataDir, uniqueEmail } from "./accounts-support";
import { overSocket, testLocalStorage, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/** What an attacker asking for someone's reset link would send to have it point at their own site. */
const HOSTILE = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

describe.each(testDrivers())("links in e-mails on %s", (driver) => {
  let database: DbHandle;
  let dataDir: string;
  const servers: Array<ReturnType<typeof createHttpServer>> = [];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dataDir = tempDataDir();
  });
  afterAll(async () => {
    for (const s of servers) await s.shutdown(100);
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The API behind the real Node server on 127.0.0.1, with these settings. */
  async function serve(extra: Record<string, string>): Promise<{ api: TestApi; base: string }> {
    const deps = {
      config: parseConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        RATE_LIMIT_PER_MINUTE: "100000",
        ...accountsEnv(dataDir, extra),
      }),
      database,
      store: createMemoryStore(),
      logger: createLogger("silent"),
      llm: createMockProvider(),
      payments: null,
      storage: testLocalStorage(),
      analytics: createEventWriter(database, createLogger("silent")),
    };
    const http = createHttpServer(createApi(deps));
    servers.push(http);
    await new Promise<void>((resolve) => http.server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
    return { api: overSocket(deps, base), base };
  }

  it.each([
    ["no proxy trusted, PUBLIC_BASE_URL unset", { PORT: "4310" }, "http://localhost:4310"],
    ["one trusted hop, PUBLIC_BASE_URL unset", { PORT: "4310", TRUST_PROXY: "true" }, "http://localhost:4310"],
    [
      "trusted loopback proxies, PUBLIC_BASE_URL set",
      { TRUST_PROXY: "loopback", PUBLIC_BASE_URL: "https://kewl.example.test/" },
      "https://kewl.example.test",
    ],
  ])(
    "a reset link asked for with a hostile Host and X-Forwarded-Host points at our address (%s)",
    async (_name, extra, expected) => {
      const { api, base } = await serve(extra);
      const email = uniqueEmail("links");
      await registerAccount(api, email, "pass-word");
      const res = await requestFrom(randomIp(), `${base}/v1/channel/report`, {
        method: "POST",
        headers: { "content-type": "application/json", ...HOSTILE },
        body: JSON.stringify({
          url: "/1/api/user/send_email",
          type: "POST",
          param: JSON.stringify({ email, type: 3 }),
        }),
      });
      expect((await res.json()).data).toMatchObject({ ret: 1, status: 1 });
      const [mail] = await outbox(api, email);
      expect(mail!.link).toMatch(
        new RegExp(`^${expected.replace(/[.]/g, "\\.")}/reset-password\\?token=[A-Za-z0-9_-]{43}$`),
      );
      expect(`${mail!.text} ${mail!.html}`).not.toContain("evil.example");
    },
  );
});
