import { createApi } from "@/server/api/app";
import type { ApiDeps } from "@/server/api/context";
import { parseConfig } from "@/server/config";
import type { DbHandle } from "@/server/db/types";
import { createLogger } from "@/server/logger";
import type { KeyValueStore } from "@/server/modules/limits/key-value-store";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createMockProvider } from "@/server/providers/llm/mock-model";
import type { LlmProvider } from "@/server/providers/llm/types";

export interface TestApi {
  deps: ApiDeps;
  /** The app's routes ("GET /v1/health", …), middleware left out (set by createTestApi). */
  routes?: string[];
  request(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** The real /v1 app on the given database, called in-process through fetch semantics. */
export function createTestApi(
  database: DbHandle,
  env: Record<string, string> = {},
  store?: KeyValueStore,
  llm: LlmProvider = createMockProvider(),
): TestApi {
  const deps: ApiDeps = {
    config: parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000", ...env }),
    database,
    store: store ?? createMemoryStore(),
    logger: createLogger("silent"),
    llm,
  };
  const app = createApi(deps);
  const request = async (path: string, init?: RequestInit) => app.request(path, init);
  const routes = [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];
  return {
    deps,
    routes,
    request,
    post: (path, body, headers = {}) =>
      request(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}
