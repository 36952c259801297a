import type { Context } from "hono";
import { signParams } from "../../../lib/api/sign-params";
import { NONCE_LENGTH, SIGNATURE_FIELDS, SIGNATURE_VERSION } from "../../../lib/api/signature";
import { errors } from "../../errors";
import type { ApiEnv } from "../context";
import type { RawInput } from "./parse-input";

function safeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The GETs a browser or a load balancer makes without our fetch client, so without a signature: each answers
 * the same public, non-personal content to anyone. Exact paths (or one path shape), never a prefix: a new route
 * is signed unless it is added here.
 */
const UNSIGNED_GETS: ReadonlyArray<{ path: string | RegExp; why: string }> = [
  { path: "/v1/health", why: "load balancer and uptime probes" },
  { path: "/v1/health/ready", why: "load balancer readiness probes" },
  { path: /^\/v1\/avatar\/[a-z]+(?:-[a-z]+)*\/[^/]+\.svg$/, why: "<img> of generated avatars" },
  { path: /^\/v1\/file\/avatars\/[0-9a-f]{64}\.webp$/, why: "<img> of uploaded avatars (verified copies)" },
  { path: "/v1/oauth/start", why: "the sign-in popup's top-level navigation" },
  { path: "/v1/oauth/callback", why: "the provider's redirect back" },
  { path: "/v1/sa", why: "the analytics SDK's image beacon (from any origin, not our fetch client)" },
  { path: "/v1/sa.gif", why: "the same collector under the name the SDK rewrites /sa to" },
  { path: "/v1/analytics/events", why: "the operator's tools, authorised by ANALYTICS_READ_TOKEN" },
  { path: "/v1/analytics/daily", why: "the operator's tools, authorised by ANALYTICS_READ_TOKEN" },
];

/** POSTs from other services, which sign them their own way (checked by the route itself). Exact paths. */
const UNSIGNED_POSTS: ReadonlyArray<{ path: string; why: string }> = [
  { path: "/v1/payment/stripe/webhook", why: "Stripe's deliveries, verified by their Stripe-Signature" },
  { path: "/v1/file/upload", why: "the browser's form upload, as to S3: authorised by the ticket's signed policy" },
  { path: "/v1/sa", why: "the analytics SDK's beacons and batches (from any origin, not our fetch client)" },
  { path: "/v1/sa.gif", why: "the same collector under the name the SDK rewrites /sa to" },
];

/** CORS preflights (browsers send them without anything of ours). Exact paths. */
const UNSIGNED_PREFLIGHTS: ReadonlyArray<{ path: string; why: string }> = [
  { path: "/v1/sa", why: "the analytics SDK's batches from another origin" },
  { path: "/v1/sa.gif", why: "the same collector under the name the SDK rewrites /sa to" },
];

function isUnsigned(method: string, path: string): boolean {
  if (method === "POST") return UNSIGNED_POSTS.some((entry) => entry.path === path);
  if (method === "OPTIONS") return UNSIGNED_PREFLIGHTS.some((entry) => entry.path === path);
  if (method !== "GET" && method !== "HEAD") return false;
  return UNSIGNED_GETS.some((entry) => (typeof entry.path === "string" ? entry.path === path : entry.path.test(path)));
}

/**
 * The shapes the browser client makes (lib/api/signature.ts). Strict, because the md5 runs over concatenated
 * key+value pairs: loose fields would let text move between a value and the next key with the same signature.
 */
const FIELD_SHAPES: Record<(typeof SIGNATURE_FIELDS)[number], RegExp> = {
  lm_s_id: /^[A-Za-z0-9_-]{1,64}$/,
  lm_s_ts: /^\d{1,12}$/,
  lm_s_str: new RegExp(`^[a-z0-9]{${NONCE_LENGTH}}$`),
  lm_s_ver: new RegExp(`^${SIGNATURE_VERSION}$`),
  h5: /^1$/,
};

/**
 * SPEC §7 request signing: md5 over the sorted key+value pairs (empty skipped) plus the shared key, in the
 * lm-s-sign header; the timestamp must be within the window and the nonce unused. 'verify' only logs,
 * 'enforce' rejects. An integrity and replay guard, not a security boundary: the browser holds the key.
 */
export async function verifySignature(c: Context<ApiEnv>, raw: RawInput): Promise<void> {
  const { config, store, logger } = c.get("deps");
  if (config.REQUEST_SIGNING === "off") return;
  if (isUnsigned(c.req.method, c.req.path)) return;
  const problem = await findProblem(c, raw);
  if (!problem) return;
  if (config.REQUEST_SIGNING === "enforce") throw errors.badSignature(problem);
  logger.warn("request signature check failed", { reqId: c.get("requestId"), problem });

  async function findProblem(ctx: Context<ApiEnv>, input: RawInput): Promise<string | null> {
    const params: Record<string, unknown> = { ...input.query, ...(input.body ?? {}) };
    const sign = ctx.req.header("lm-s-sign");
    if (!sign || SIGNATURE_FIELDS.some((name) => params[name] === undefined)) return "Missing request signature";
    const body = input.body ?? {};
    const twice = SIGNATURE_FIELDS.some((name) => name in input.query && name in body);
    if (twice || SIGNATURE_FIELDS.some((name) => !isShaped(name, params[name])))
      return "Malformed request signature fields";
    if (Math.abs(Date.now() / 1000 - Number(params.lm_s_ts)) > config.SIGNING_WINDOW_SECONDS) {
      return "Request signature expired";
    }
    if (!safeEqualHex(sign.toLowerCase(), signParams(params, config.SIGNING_KEY))) {
      return "Invalid request signature";
    }
    const nonceKey = `nonce:${String(params.lm_s_id)}:${String(params.lm_s_str)}`;
    const fresh = await store.claim(nonceKey, config.SIGNING_WINDOW_SECONDS * 2000);
    return fresh ? null : "Request signature already used";
  }
}

function isShaped(name: (typeof SIGNATURE_FIELDS)[number], value: unknown): boolean {
  return typeof value === "string" && FIELD_SHAPES[name].test(value);
}
