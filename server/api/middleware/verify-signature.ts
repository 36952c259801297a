import type { Context } from "hono";
import { signParams } from "../../../lib/api/signature";
import { errors } from "../../errors";
import type { ApiEnv } from "../context";
import type { RawInput } from "./parse-input";

function safeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Top-level browser navigations (the OAuth redirects) cannot carry a signature header. */
const UNSIGNED_NAVIGATIONS = new Set(["/v1/oauth/start", "/v1/oauth/callback"]);

/**
 * SPEC §7 request signing: md5 over the sorted key+value pairs (empty skipped) plus the shared key, in the
 * lm-s-sign header; the timestamp must be within the window and the nonce unused. 'verify' only logs,
 * 'enforce' rejects. An integrity and replay guard, not a security boundary: the browser holds the key.
 */
export async function verifySignature(c: Context<ApiEnv>, raw: RawInput): Promise<void> {
  const { config, store, logger } = c.get("deps");
  if (config.REQUEST_SIGNING === "off") return;
  if (c.req.method === "GET" && UNSIGNED_NAVIGATIONS.has(c.req.path)) return;
  const problem = await findProblem(c, raw);
  if (!problem) return;
  if (config.REQUEST_SIGNING === "enforce") throw errors.badSignature(problem);
  logger.warn("request signature check failed", { reqId: c.get("requestId"), problem });

  async function findProblem(ctx: Context<ApiEnv>, input: RawInput): Promise<string | null> {
    const params: Record<string, unknown> = { ...input.query, ...(input.body ?? {}) };
    const sign = ctx.req.header("lm-s-sign");
    const ts = Number(params.lm_s_ts);
    const nonce = params.lm_s_str;
    if (!sign || !params.lm_s_ts || typeof nonce !== "string" || nonce.length < 8) {
      return "Missing request signature";
    }
    if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > config.SIGNING_WINDOW_SECONDS) {
      return "Request signature expired";
    }
    if (!safeEqualHex(sign.toLowerCase(), signParams(params, config.SIGNING_KEY))) {
      return "Invalid request signature";
    }
    const fresh = await store.claim(`nonce:${String(params.lm_s_id ?? "")}:${nonce}`, config.SIGNING_WINDOW_SECONDS * 2000);
    return fresh ? null : "Request signature already used";
  }
}
