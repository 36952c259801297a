import { Hono } from "hono";
import { BILLING_CODES } from "../../lib/contracts/billing-codes";
import { AppError, errors } from "../errors";
import { applyPaymentEvent } from "../modules/billing/fulfilment";
import { paymentEventOf, StripeWebhookRejected, verifyStripeEvent } from "../providers/payments/stripe-events";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";

/** Rejected deliveries one address may make in a row (forgotten a minute after the last) before it gets 429s. */
const REJECTED_FORGET_MS = 60_000;

/**
 * Stripe's webhook (PAYMENT_PROVIDER=stripe): the raw body (middleware/parse-input.ts keeps it for this path) is
 * checked against Stripe-Signature with a 300 s tolerance, then fulfilled. Forged, stale, tampered: 400 and
 * nothing written. Verified: 200 whatever the event (an event type we do not use, an unknown order), since any
 * 4xx makes Stripe retry for days. A fault while fulfilling (the database away) is a 5xx: Stripe delivers again.
 *
 * Not under the per-IP API limit (middleware/rate-limit.ts): Stripe delivers from a few addresses at its own pace.
 * Instead an address whose deliveries keep failing the signature check is refused with 429 before any work.
 */
export function stripeWebhookRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.post("/payment/stripe/webhook", async (c) => {
    const { config, payments, database, logger, store } = c.get("deps");
    const secret = config.STRIPE_WEBHOOK_SECRET;
    if (payments?.name !== "stripe" || !secret) throw errors.notFound(`Not found: ${c.req.method} ${c.req.path}`);

    const strikeKey = `stripe-webhook-rejected:${c.get("clientIp")}`;
    const strikes = await store.strikes(strikeKey);
    if (strikes && strikes.count >= config.RATE_LIMIT_PER_MINUTE) {
      const retry = Math.max(1, Math.ceil((REJECTED_FORGET_MS - strikes.sinceLastMs) / 1000));
      c.header("retry-after", String(retry));
      throw errors.rateLimited(retry);
    }

    const event = await (async () => {
      try {
        return verifyStripeEvent(c.get("rawBody") ?? new Uint8Array(0), c.req.header("stripe-signature"), secret);
      } catch (err) {
        if (!(err instanceof StripeWebhookRejected)) throw err;
        await store.strike(strikeKey, REJECTED_FORGET_MS);
        logger.warn("stripe webhook rejected", { reqId: c.get("requestId"), reason: err.message });
        throw new AppError(400, BILLING_CODES.WEBHOOK_REJECTED, "Webhook rejected: invalid or stale signature");
      }
    })();

    const { outcome } = await applyPaymentEvent({ db: database.db, provider: payments, logger }, paymentEventOf(event));
    logger.debug("stripe webhook", { reqId: c.get("requestId"), event_id: event.id, type: event.type, outcome });
    return ok(c, { received: true, outcome });
  });

  return app;
}
