import path from "node:path";
import { z } from "zod";
import { parseAvatarHosts } from "../lib/format/avatar-url";
import { clusterProblems } from "./cluster/cluster-rules";
import { trustListProblem, type TrustProxy } from "./http/client-address";
import { modelMappingProblem } from "./providers/llm/model-mapping";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));
const optionalUrl = z.string().url().optional();

/** false | "true" (one hop, as before) | a number of hops | a comma-separated list of addresses, CIDRs and names. */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (["false", "no", "off"].includes(lower)) return false;
    if (["true", "yes", "on"].includes(lower)) return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 20) ctx.addIssue({ code: "custom", message: "at most 20 proxy hops" });
      return hops === 0 ? false : hops;
    }
    const list = value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const problem = trustListProblem(list);
    if (problem) {
      ctx.addIssue({
        code: "custom",
        message: `must be false, a number of hops, or proxy addresses/CIDRs (loopback, linklocal, uniquelocal): ${problem}`,
      });
    }
    return list;
  });

/** Every environment variable the server reads, parsed once. Empty strings count as unset. */
const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** Diagnosis only: false runs PGlite statements through PGlite's own query instead of prepared statements. */
  PGLITE_PREPARED_STATEMENTS: bool.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  /** The site's public address, for links (e-mails, OAuth); unset: http://localhost:{PORT}. */
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), "must be an http:// or https:// URL")
    .optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * Worker processes serving the one port through node:cluster (the Node hosting platforms' convention). More
   * than 1 needs DATABASE_URL and REDIS_URL (server/cluster/cluster-rules.ts).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(1),
  /** Diagnosis and tests: every response names the process that answered it in X-Worker-Pid. */
  WORKER_PID_HEADER: bool.default(false),
  TRUST_PROXY: trustProxy.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** After a stop signal, readiness answers 503 this long while the server still accepts (a balancer's turn). */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Per client address, over the pages (everything but /v1 and static files). A catalogue page view with Next's
   * link prefetching makes about 35-45 such requests (measured), so 600 allows over a dozen views a minute.
   */
  PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** A client must send its request's headers within this time, and the whole request within the next. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /**
   * Handles accepting connections on the server's one listening socket (http/listen-handles.ts): a busy Node 20
   * process takes one new connection per handle and turn of its event loop. 1: Node's own single handle. Unset: 8
   * (listenHandleCount).
   */
  HTTP_LISTEN_HANDLES: z.coerce.number().int().min(1).max(64).optional(),
  REQUEST_SIGNING: z.enum(["off", "verify", "enforce"]).default("off"),
  SIGNING_KEY: z.string().min(8).default("kewl-web-signing-v1"),
  SIGNING_WINDOW_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  SEED_DEMO: bool.default(true),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().optional(),
  /**
   * Our model keys mapped to upstream model ids, "standard=llama3.1:8b,premium=qwen2.5:32b"; a bare id applies to
   * every model. Unset: each model's provider_model from the database.
   */
  LLM_MODELS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const problem = modelMappingProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  /** A reply whose first text does not arrive within this time fails (and is refunded). */
  LLM_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** A reply that goes silent this long after its first text ends as partial. */
  LLM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Free replies per UTC day on the standard model for users without a subscription. */
  CHAT_FREE_REPLIES_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(30),
  CHAT_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).default("sandbox"),
  PAYMENT_SANDBOX_ENABLED: bool.optional(),
  /** Required with PAYMENT_PROVIDER=stripe: the secret API key (sk_live_… / sk_test_…) and the endpoint's whsec_…. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Where the Stripe SDK sends API calls instead of https://api.stripe.com: protocol, host and port only (tests and
   * Stripe-compatible local servers). Never set on a real site.
   */
  STRIPE_API_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\/[^/?#]+\/?$/i.test(v), "must be http(s)://host[:port], without a path")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default("Kewl <no-reply@localhost>"),
  /** PEM private key (PKCS#8 or PKCS#1, RSA >= 2048) for the password RSA-OAEP; unset: generated under DATA_DIR/keys. */
  RSA_PRIVATE_KEY: z
    .string()
    .transform((v) => v.replace(/\\n/g, "\n").trim())
    .refine(
      (v) => /-----BEGIN (RSA )?PRIVATE KEY-----/.test(v),
      "must be a PEM private key (-----BEGIN PRIVATE KEY-----)",
    )
    .optional(),
  /**
   * Encrypts the secrets kept in the database for several instances (instance_secrets: the RSA key, the upload
   * secret) with AES-256-GCM; unset, they are stored as they are. Keep it: a stored secret needs it to be read.
   */
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Test automation only: every captcha's answer is this value. Never on a public site. */
  TEST_CAPTCHA_ANSWER: z.string().min(4).max(20).optional(),
  /** Test automation only: GET /v1/test/outbox?email= lists the mail sent to an address. Never on a public site. */
  TEST_OUTBOX_ENABLED: bool.default(false),
  OAUTH_CLIENT_ID: z.string().optional(),
  OAUTH_CLIENT_SECRET: z.string().optional(),
  OAUTH_ISSUER: z.string().url().default("https://accounts.google.com"),
  /** The sign-in button's "Continue with {name}". */
  OAUTH_PROVIDER_NAME: z.string().min(1).max(40).default("Google"),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Base URL the verified avatar copies are served from (the bucket's public address or a CDN in front of it). */
  S3_PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\/[^?#]+$/i.test(v), "must be an http(s):// URL without a query or fragment")
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  /** Path-style bucket URLs (endpoint/bucket/key): MinIO and most self-hosted S3 servers need it. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** HMAC key of the local disk's upload tickets; unset: generated once under DATA_DIR/keys/upload-secret. */
  UPLOAD_SIGNING_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Where the browser's analytics SDK reports; unset: this app's own collector (/v1/sa). */
  ANALYTICS_SERVER_URL: optionalUrl,
  /** Raw events older than this are deleted (the daily roll-ups stay). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Bearer token of the operator's read API (/v1/analytics/*); unset: that API answers 404. */
  ANALYTICS_READ_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, "must be 16-128 letters, digits, '-' or '_'")
    .optional(),
  /**
   * Events per minute one client address may send the collector (a request that brings none counts as one). Past
   * it: 429, and the SDK keeps its batch for later. Outside the per-address API limit (RATE_LIMIT_PER_MINUTE).
   */
  ANALYTICS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /**
   * KB of stored events (their JSON) one client address may add to the collector's table in 24 hours; past it the
   * events are dropped and the SDK answered 200 (a refusal would have it send them again all day).
   */
  ANALYTICS_DAILY_KB_PER_ADDRESS: z.coerce.number().int().min(1).default(1024),
  /** Size of analytics_events on disk (with its TOAST and indexes) past which new events are dropped. */
  ANALYTICS_MAX_TABLE_MB: z.coerce.number().int().min(1).default(4096),

  // --- retention (server/modules/retention: swept every 10 minutes, in batches) ---
  /** Captchas are deleted this long after they expire. */
  RETENTION_CAPTCHA_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  /** E-mail codes are deleted this long after they expire. */
  RETENTION_EMAIL_CODE_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  /** Account tokens, password-reset links and OAuth codes are deleted this long after they expire. */
  RETENTION_ACCOUNT_TOKEN_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  /** Sessions are deleted this long after they expire or are signed out. */
  RETENTION_SESSION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Outbox mails (whole messages, codes and reset links included) are deleted this long after they were queued. */
  RETENTION_MAIL_OUTBOX_DAYS: z.coerce.number().int().min(1).max(3650).default(7),

  // --- input rules ---
  /**
   * Host names (https only, comma-separated) avatar URLs may point at besides this site's own avatar route, e.g.
   * "lh3.googleusercontent.com,cdn.example.com". Other avatar URLs are refused as input and replaced when shown.
   */
  AVATAR_HOSTS: z
    .string()
    .transform((value, ctx) => {
      const { hosts, bad } = parseAvatarHosts(value);
      const message = `not a host name: ${bad.join(", ")} (host names only: no scheme, port or path)`;
      if (bad.length) ctx.addIssue({ code: "custom", message });
      return hosts;
    })
    .default([]),

  // --- When the database goes away (README, Architecture) ---
  /** How long start-up keeps trying to reach Postgres and Redis (with a growing pause) before it gives up. */
  STARTUP_RETRY_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** How long opening a Postgres connection may take before the request answers 503 (the server is unreachable). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /**
   * How long a request waits for one of the pool's connections while all are busy (a crowd), before answering 503.
   * Longer than the connect timeout: 1,000 chat replies sent at once queued past 5 s on 2 cores (bench/README.md).
   */
  DATABASE_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Postgres connections each process keeps at most (WEB_CONCURRENCY workers have a pool each). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** How long a finished chat reply keeps trying to save while the database is unavailable, before ending. */
  CHAT_SAVE_RETRY_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** How often a reply being streamed saves its text so far (so an outage or a crash keeps it); 0: never. */
  CHAT_CHECKPOINT_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /**
   * How long a server process that stopped (a crash, a lost machine) still counts as alive: the leases of the replies
   * it was writing and its claim on their rows lapse this long after it, so the chats take messages again and the
   * replies are settled. Renewed several times within it while the process runs.
   */
  LIVENESS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k in configSchema.shape && v !== undefined && v !== ""),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS) {
    throw new ConfigError("Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS");
  }
  if (parsed.data.OAUTH_CLIENT_ID && !parsed.data.OAUTH_CLIENT_SECRET) {
    throw new ConfigError("Invalid configuration:\n  OAUTH_CLIENT_SECRET: required when OAUTH_CLIENT_ID is set");
  }
  if (parsed.data.PAYMENT_PROVIDER === "stripe") {
    const missing = (["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const).filter((name) => !parsed.data[name]);
    if (missing.length) {
      const lines = missing.map((name) => `  ${name}: required when PAYMENT_PROVIDER=stripe`);
      throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
    }
  }
  const workerProblems = clusterProblems(parsed.data);
  if (workerProblems.length) throw new ConfigError(`Invalid configuration:\n${workerProblems.join("\n")}`);
  const s3Problems = s3ConfigProblems(parsed.data);
  if (s3Problems.length) throw new ConfigError(`Invalid configuration:\n${s3Problems.join("\n")}`);
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

const S3_REQUIRED = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const;

/** Uploads go to S3 when S3_BUCKET is set; then its credentials and public address must be set too. */
function s3ConfigProblems(data: z.infer<typeof configSchema>): string[] {
  const anySet = ["S3_ENDPOINT", "S3_REGION", ...S3_REQUIRED].some((name) => data[name as keyof typeof data]);
  if (!anySet) return [];
  const problems = S3_REQUIRED.filter((name) => !data[name]).map(
    (name) => `  ${name}: required when S3_* is set (uploads go to S3-compatible storage)`,
  );
  if (data.NODE_ENV === "production" && data.S3_PUBLIC_URL && !data.S3_PUBLIC_URL.startsWith("https://")) {
    problems.push("  S3_PUBLIC_URL: must be an https:// URL in production (avatars are shown on https pages)");
  }
  return problems;
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
