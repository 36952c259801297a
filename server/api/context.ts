import type { HttpBindings } from "@hono/node-server";
import type { Config } from "../config";
import type { DbHandle } from "../db/types";
import type { Logger } from "../logger";
import type { EventWriter } from "../modules/analytics/event-writer";
import type { KeyValueStore } from "../modules/limits/key-value-store";
import type { LlmProvider } from "../providers/llm/types";
import type { PaymentProvider } from "../providers/payments/types";
import type { StorageProvider } from "../providers/storage/types";
import type { SessionUser } from "../modules/sessions/sessions";

/** Everything the API needs from the process, passed in so tests can build an app on a fresh database. */
export interface ApiDeps {
  config: Config;
  database: DbHandle;
  store: KeyValueStore;
  logger: Logger;
  llm: LlmProvider;
  /** The payment provider (PAYMENT_PROVIDER), or null when payments are off: the order calls answer 503. */
  payments: PaymentProvider | null;
  /** Where uploads and the verified avatar copies live: S3-compatible when S3_BUCKET is set, else DATA_DIR/files. */
  storage: StorageProvider;
  /** The analytics collector's buffered writer (/v1/sa queues events there; it writes them in batches). */
  analytics: EventWriter;
}

export interface ApiEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    deps: ApiDeps;
    requestId: string;
    clientIp: string;
    /** How the client reached us: "https" only when a trusted proxy says so (for cookies' Secure flag). */
    protocol: "http" | "https";
    /** Parsed JSON body with the signature fields removed (POST/PUT/PATCH only). */
    body: unknown;
    /** The body's bytes as sent, for the routes whose sender signs them (middleware/parse-input.ts). */
    rawBody: Uint8Array | undefined;
    /** Query parameters with the signature fields removed. */
    query: Record<string, string>;
    /** The token of a well-formed `Authorization: Bearer` header, else null (see middleware/auth.ts). */
    bearer: string | null;
    /**
     * The bearer's user, else null: signed out, or on a route that resolves the session itself (resolvesOwnSession).
     * Signed-in routes read the non-null `user` that requireAuth gives them instead.
     */
    sessionUser: SessionUser | null;
  };
}
