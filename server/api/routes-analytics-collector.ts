import { IncomingMessage } from "node:http";
import { Hono, type Context } from "hono";
import { cors } from "hono/cors";
import { AppError, errors } from "../errors";
import { BodyAbortedError, readBodyWithin } from "../http/read-limited-body";
import { collectEvents, type CollectOutcome, type SdkPayload } from "../modules/analytics/collect";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";

/** A batch of 200 events as the SDK sends them measures about 300 KB. */
export const COLLECTOR_BODY_LIMIT_BYTES = 512 * 1024;
/** The SDK sends to /sa.gif when its server_url ends in /sa; both are served. */
const COLLECTOR_PATHS = ["/v1/sa", "/v1/sa.gif"] as const;
/** A 1x1 transparent GIF (43 bytes). */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
/** What the SDK's beacon (text/plain) and XHR (form) send; no type at all is read the same way. */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|text\/plain)\b/i;
const QUEUE_FULL_RETRY_SECONDS = 5;

async function formBody(c: Context<ApiEnv>): Promise<string> {
  const type = c.req.header("content-type");
  if (type && !FORM_TYPES.test(type)) {
    throw errors.unsupportedMediaType("Content-Type must be application/x-www-form-urlencoded or text/plain");
  }
  const declared = Number(c.req.header("content-length") ?? "0");
  let body: Uint8Array | null = null;
  try {
    if (declared <= COLLECTOR_BODY_LIMIT_BYTES) {
      const incoming = c.env?.incoming;
      body = await readBodyWithin(
        incoming instanceof IncomingMessage ? incoming : c.req.raw.body,
        COLLECTOR_BODY_LIMIT_BYTES,
      );
    }
  } catch (err) {
    if (err instanceof BodyAbortedError) throw new AppError(400, 400, err.message);
    throw err;
  }
  if (body === null) {
    // The rest of the upload is not read: the connection closes after the answer.
    c.header("connection", "close");
    throw errors.payloadTooLarge(`The body must be at most ${COLLECTOR_BODY_LIMIT_BYTES / 1024} KB`);
  }
  // The SDK's form bodies are ASCII (percent-encoded base64); latin1 reads them without a UTF-8 pass.
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1");
}

async function collect(
  c: Context<ApiEnv>,
  payload: SdkPayload,
): Promise<Extract<CollectOutcome, { outcome: "queued" }>> {
  const { store, analytics, config } = c.get("deps");
  const result = await collectEvents(
    {
      store,
      writer: analytics,
      eventsPerMinute: config.ANALYTICS_RATE_LIMIT_PER_MINUTE,
      bytesPerDay: config.ANALYTICS_DAILY_KB_PER_ADDRESS * 1024,
    },
    { payload, clientIp: c.get("clientIp") },
  );
  if (result.outcome === "rate-limited") {
    c.header("retry-after", String(result.retryAfterSeconds));
    throw errors.rateLimited(result.retryAfterSeconds);
  }
  if (result.outcome === "queue-full") {
    c.header("retry-after", String(QUEUE_FULL_RETRY_SECONDS));
    throw errors.unavailable("The analytics queue is full, send again later");
  }
  return result;
}

/**
 * The analytics collector (server/modules/analytics, README "Analytics") for sa-sdk-javascript: GET (image, the
 * payload in the query) answers a 1x1 GIF, POST (form or beacon body, at most 512 KB) a small JSON envelope with
 * the accepted, rejected and dropped counts (events past the address's daily bytes or the table's cap are dropped
 * with a 200, so the SDK does not send them again). Any origin may report (no credentials). Unsigned, without a session, and
 * outside the per-address API limit (middleware/*): it has its own, in events (ANALYTICS_RATE_LIMIT_PER_MINUTE).
 */
export function analyticsCollectorRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const preflight = cors({ origin: "*", allowMethods: ["GET", "POST", "OPTIONS"], maxAge: 86_400 });
  // Set before the handler, as c.header: hono/cors sets them on c.res, which makes Hono rebuild every answer
  // (measured ~200 µs of CPU per request), so it only answers the preflights.
  const anyOrigin = async (c: Context<ApiEnv>, next: () => Promise<void>) => {
    c.header("access-control-allow-origin", "*");
    // The API's default (same-origin) would keep another origin's <img> from loading the pixel.
    c.header("cross-origin-resource-policy", "cross-origin");
    await next();
  };

  for (const path of COLLECTOR_PATHS) {
    const local = path.slice("/v1".length);
    app.options(local, preflight);
    app.use(local, anyOrigin);
    app.get(local, async (c) => {
      const query = c.req.query();
      await collect(c, { query: { data: query.data, data_list: query.data_list, ext: query.ext, gzip: query.gzip } });
      return c.body(PIXEL, 200, { "content-type": "image/gif" });
    });
    app.post(local, async (c) => {
      const result = await collect(c, { form: await formBody(c) });
      return ok(c, { accepted: result.accepted, rejected: result.rejected, dropped: result.dropped });
    });
  }
  return app;
}
