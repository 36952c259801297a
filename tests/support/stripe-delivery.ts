import Stripe from "stripe";
import type { StripeTestEvent } from "./stripe-test-server";

export const STRIPE_WEBHOOK_PATH = "/v1/payment/stripe/webhook";

/**
 * A webhook delivery as Stripe makes it: the event's JSON and a Stripe-Signature header from the SDK's own test
 * helper. timestamp (seconds) signs as of another time, for stale deliveries; payload replaces the signed body
 * after signing, for tampered ones.
 */
export function signedDelivery(
  event: StripeTestEvent,
  secret: string,
  options: { timestamp?: number; tamper?: (payload: string) => string } = {},
): RequestInit {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
  return {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    body: options.tamper ? options.tamper(payload) : payload,
  };
}

/** Signs and POSTs the event to our webhook through `request` (a TestApi's, or fetch on a base URL). */
export function deliverStripeEvent(
  request: (path: string, init: RequestInit) => Promise<Response>,
  event: StripeTestEvent,
  secret: string,
  options?: Parameters<typeof signedDelivery>[2],
): Promise<Response> {
  return request(STRIPE_WEBHOOK_PATH, signedDelivery(event, secret, options));
}
