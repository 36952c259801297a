import Stripe from "stripe";
import { storableText } from "../../db/storable-text";
import type { PaymentEvent } from "./types";

/** How old a delivery's signed timestamp may be, in seconds (Stripe's own default). */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

export class StripeWebhookRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StripeWebhookRejected";
  }
}

/**
 * The event of a webhook delivery whose Stripe-Signature matches the raw body under the endpoint's secret and
 * was made within the tolerance of `nowMs`; else StripeWebhookRejected (forged, stale, tampered or unreadable).
 */
export function verifyStripeEvent(
  raw: Uint8Array,
  signature: string | undefined,
  secret: string,
  nowMs = Date.now(),
): Stripe.Event {
  if (!signature) throw new StripeWebhookRejected("Missing Stripe-Signature header");
  try {
    const event = Stripe.webhooks.constructEvent(
      Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength),
      signature,
      secret,
      STRIPE_SIGNATURE_TOLERANCE_S,
      undefined,
      nowMs,
    );
    if (typeof event?.id !== "string" || typeof event.type !== "string" || typeof event.data?.object !== "object") {
      throw new Error("not an event");
    }
    return event;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new StripeWebhookRejected(err.message);
    throw new StripeWebhookRejected(`Unreadable event: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * The event as it can be recorded: Postgres jsonb refuses U+0000 (storableText), which a customer's text inside a
 * Stripe object may hold, and a refused insert would fail the delivery forever. Other text is kept as it came.
 */
function recordable(value: unknown): unknown {
  if (typeof value === "string") return storableText(value);
  if (Array.isArray(value)) return value.map(recordable);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [recordable(k), recordable(v)]));
  }
  return value;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * The subscription an invoice bills: `parent.subscription_details.subscription` in current API versions, the
 * top-level `subscription` in versions before 2025-03-31 (an endpoint keeps the version it was created with).
 */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const current = idOf(invoice.parent?.subscription_details?.subscription);
  if (current) return current;
  const legacy: unknown = (invoice as unknown as Record<string, unknown>).subscription;
  if (typeof legacy === "string") return legacy;
  if (typeof legacy === "object" && legacy !== null && "id" in legacy && typeof legacy.id === "string") {
    return legacy.id;
  }
  return null;
}

/**
 * What a verified Stripe event asks fulfilment to do. Only the object's id is taken from the event: fulfilment
 * re-reads the object itself. Every other type is recorded and ignored (answered 2xx, or Stripe retries for days).
 */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const base = { provider: "stripe" as const, eventId: event.id, type: event.type, payload: recordable(event) };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
      return { ...base, action: "sync-checkout", checkoutRef: event.data.object.id };
    case "invoice.paid":
    case "invoice.payment_failed": {
      const subscriptionRef = invoiceSubscriptionId(event.data.object);
      return subscriptionRef
        ? { ...base, action: "sync-subscription", subscriptionRef }
        : { ...base, action: "ignore" };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { ...base, action: "sync-subscription", subscriptionRef: event.data.object.id };
    default:
      return { ...base, action: "ignore" };
  }
}
