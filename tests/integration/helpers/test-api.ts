import type { HttpBindings } from "@hono/node-server";
import type { Hono } from "hono";
import { createApi } from "@/server/api/app";
import type { ApiDeps, ApiEnv } from "@/server/api/context";
import { parseConfig } from "@/server/config";
import type { DbHandle } from "@/server/db/types";
import { createLogger } from "@/server/logger";
import { createEventWriter } from "@/server/modules/analytics/event-writer";
import { watchTableSize } from "@/server/modules/analytics/table-size";
import type { KeyValueStore } from "@/server/modules/limits/key-value-store";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createMockProvider } from "@/tests/support/mock-model";
import type { LlmProvider } from "@/server/providers/llm/types";
import { createPaymentProvider } from "@/server/providers/payments/create-payment-provider";
import type { PaymentProvider } from "@/server/providers/payments/types";
import { createLocalDiskStorage } from "@/server/providers/storage/local-disk-storage";
import type { StorageProvider } from "@/server/providers/storage/types";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { requestFrom } from "../../support/loopback-client";

export interface TestApi {
  deps: ApiDeps;
  /** The app's routes ("GET /v1/health", …), middleware left out (set by createTestApi). */
  routes?: string[];
  request(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** The same API, called by a client at `address` (the socket's peer address, as the Node server passes it). */
  from(address: string): TestApi;
}

/**
 * The real /v1 app on the given database, called in-process through fetch semantics. Payments: the provider that
 * PAYMENT_PROVIDER in env chooses (the sandbox by default), unless `payments` is given (null: payments off).
 * Storage: `storage`, else the local disk in a fresh folder under the system's temp dir (made on the first write).
 */
export function createTestApi(
  database: DbHandle,
  env: Record<string, string> = {},
  store?: KeyValueStore,
  llm: LlmProvider = createMockProvider(),
  payments?: PaymentProvider | null,
  storage?: StorageProvider,
): TestApi {
  const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000", ...env });
  const deps: ApiDeps = {
    config,
    database,
    store: store ?? createMemoryStore(),
    logger: createLogger("silent"),
    llm,
    payments: payments === undefined ? createPaymentProvider(config, database.db).provider : payments,
    storage: storage ?? testLocalStorage(),
    analytics: createEventWriter(database, createLogger("silent"), {
      tableCap: watchTableSize(database.db, config.ANALYTICS_MAX_TABLE_MB * 1024 * 1024, createLogger("silent")),
    }),
  };
  return boundTo(createApi(deps), deps);
}

/** The local disk adapter in a folder of its own under the temp dir, with a random upload secret. */
export function testLocalStorage(): StorageProvider {
  const root = path.join(os.tmpdir(), `kewl-test-files-${randomBytes(6).toString("hex")}`);
  return createLocalDiskStorage({ root, secret: randomBytes(32).toString("hex") });
}

/** POST with a JSON body (a string is sent as it is, for malformed-body tests). */
function jsonPost(request: TestApi["request"]): TestApi["post"] {
  return (path, body, headers = {}) =>
    request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
}

function boundTo(app: Hono<ApiEnv>, deps: ApiDeps, address?: string): TestApi {
  // @hono/node-server's bindings carry the socket; the API reads only its remote address from it here.
  const bindings = address
    ? { incoming: { socket: { remoteAddress: address } } as unknown as HttpBindings["incoming"] }
    : undefined;
  const request = async (path: string, init?: RequestInit) => app.request(path, init, bindings);
  const routes = [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];
  return {
    deps,
    routes,
    request,
    post: jsonPost(request),
    from: (next) => boundTo(app, deps, next),
  };
}

/**
 * A TestApi over a real socket to a server at base (for example createHttpServer(createApi(deps)) listening on
 * 127.0.0.1): plain fetch, and from(address) connects from that loopback address, the client the server sees.
 */
export function overSocket(deps: ApiDeps, base: string, address?: string): TestApi {
  const request = (path: string, init?: RequestInit) =>
    address ? requestFrom(address, `${base}${path}`, init) : fetch(`${base}${path}`, init);
  return {
    deps,
    request,
    post: jsonPost(request),
    from: (next) => overSocket(deps, base, next),
  };
}
