import Stripe from "stripe";
import { BILLING_CODES } from "../../../lib/contracts/billing-codes";
import { AppError } from "../../errors";
import type { CheckoutOrder, CheckoutPage, PaymentProvider, ProviderCheckout, ProviderSubscription } from "./types";

export interface StripeProviderOptions {
  secretKey: string;
  /** Where the payment tab returns: publicBaseUrl(config), never the request's host. */
  publicBaseUrl: string;
  /** STRIPE_API_URL: http(s)://host[:port] of a Stripe-compatible server instead of api.stripe.com. */
  apiUrl?: string;
}

/** The SDK's own host, port and protocol options for STRIPE_API_URL. */
function endpointOf(apiUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/** A period of N days as Stripe's recurring interval: the calendar units when they fit, else N days. */
export function recurringOf(periodDays: number): Stripe.Checkout.SessionCreateParams.LineItem.PriceData.Recurring {
  if (periodDays === 30) return { interval: "month" };
  if (periodDays === 365) return { interval: "year" };
  if (periodDays === 7) return { interval: "week" };
  return { interval: "day", interval_count: periodDays };
}

/** The Checkout Session for one of our orders: our price, our order code in every place Stripe carries it. */
export function checkoutSessionParams(order: CheckoutOrder, baseUrl: string): Stripe.Checkout.SessionCreateParams {
  const metadata = { order_code: order.orderCode };
  const isPlan = order.kind === "subscription";
  if (isPlan && !order.periodDays) throw new Error(`subscription order ${order.orderCode} has no period`);
  return {
    mode: isPlan ? "subscription" : "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: order.currency.toLowerCase(),
          unit_amount: order.money,
          product_data: {
            name: order.productName,
            description: order.description,
            metadata: { product_id: order.productId },
          },
          ...(isPlan && order.periodDays ? { recurring: recurringOf(order.periodDays) } : {}),
        },
      },
    ],
    client_reference_id: order.orderCode,
    metadata,
    ...(isPlan ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    ...(order.email ? { customer_email: order.email } : {}),
    success_url: `${baseUrl}/payment/callback?session_id={CHECKOUT_SESSION_ID}`,
    // The order named, so a return page without its opener knows there was a payment to speak of.
    cancel_url: `${baseUrl}/payment/cancel?order=${encodeURIComponent(order.orderCode)}`,
  };
}

const FAILED_PAYMENT_INTENT = new Set(["requires_payment_method", "canceled"]);
const FAILED_FIRST_INVOICE = new Set(["incomplete_expired", "canceled"]);

/**
 * A session (read with its payment_intent and subscription expanded) as our checkout status. A completed but
 * unpaid session is an asynchronous payment (bank debit): still open while it is processing; failed once its
 * PaymentIntent wants another payment method (Stripe's async_payment_failed) or, for a plan, once the subscription
 * that awaited the first payment has expired.
 */
export function checkoutOf(session: Stripe.Checkout.Session): ProviderCheckout {
  const intent = session.payment_intent;
  const subscription = session.subscription;
  let status: ProviderCheckout["status"] = "open";
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") status = "paid";
  else if (session.status === "expired") status = "expired";
  else if (session.status === "complete") {
    const intentFailed = typeof intent === "object" && intent !== null && FAILED_PAYMENT_INTENT.has(intent.status);
    const planFailed =
      typeof subscription === "object" && subscription !== null && FAILED_FIRST_INVOICE.has(subscription.status);
    if (intentFailed || planFailed) status = "failed";
  }
  return {
    ref: session.id,
    orderCode: session.metadata?.order_code ?? session.client_reference_id ?? "",
    status,
    subscriptionRef: typeof subscription === "string" ? subscription : (subscription?.id ?? null),
  };
}

const SUBSCRIPTION_STATUS: Record<string, ProviderSubscription["status"]> = {
  active: "active",
  trialing: "active",
  past_due: "past_due",
  unpaid: "past_due",
  // Not paid yet (incomplete) or not collecting (paused): owed, not over; the next event says which way it went.
  incomplete: "past_due",
  paused: "past_due",
  canceled: "ended",
  incomplete_expired: "ended",
};

/**
 * A subscription as our word. Since API 2025-03-31 the period dates are on the items, not on the subscription.
 * currentPeriodEnd is the end of what was paid for: the items' period end while it renews; the start of the
 * current period when that period is owed (past_due, unpaid, incomplete, paused: Stripe moves the period on at
 * renewal whether or not the invoice is paid); the moment it ended when it ended before its period did.
 */
export function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const items = subscription.items.data;
  if (items.length === 0) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  const periodStart = Math.min(...items.map((item) => item.current_period_start));
  const periodEnd = Math.max(...items.map((item) => item.current_period_end));
  const status = SUBSCRIPTION_STATUS[subscription.status] ?? "past_due";
  let paidThrough = periodEnd;
  if (status === "past_due") paidThrough = periodStart;
  if (status === "ended" && subscription.ended_at !== null) paidThrough = Math.min(periodEnd, subscription.ended_at);
  // Cancelling in the Dashboard may set cancel_at to the period end instead of cancel_at_period_end.
  const cancelAt = subscription.cancel_at;
  return {
    ref: subscription.id,
    orderCode: subscription.metadata.order_code ?? "",
    status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || (cancelAt !== null && cancelAt <= periodEnd),
    currentPeriodEnd: new Date(paidThrough * 1000),
  };
}

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && err.statusCode === 404;
}

/** Stripe refused or did not answer: a 502 for the caller (a webhook answered 5xx is delivered again). */
function providerFailed(action: string, err: unknown): AppError {
  const detail = err instanceof Error ? err.message : String(err);
  return new AppError(502, BILLING_CODES.PROVIDER_FAILED, `The payment provider failed to ${action}`, { detail });
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...endpointOf(options.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    typescript: true,
  });

  async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw providerFailed(action, err);
    }
  }

  async function retrieveOrNull<T>(action: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (err) {
      if (isMissing(err)) return null;
      throw providerFailed(action, err);
    }
  }

  return {
    name: "stripe",

    async createCheckout(order): Promise<CheckoutPage> {
      const params = checkoutSessionParams(order, options.publicBaseUrl);
      // The same order never makes two sessions, even when a retry follows a lost answer.
      const session = await call("create the checkout", () =>
        stripe.checkout.sessions.create(params, { idempotencyKey: `kewl-checkout-${order.orderCode}` }),
      );
      if (!session.url) throw providerFailed("create the checkout", new Error(`session ${session.id} has no url`));
      return { redirectUri: session.url, providerRef: session.id };
    },

    async retrieveCheckout(ref) {
      const session = await retrieveOrNull("read the checkout", () =>
        stripe.checkout.sessions.retrieve(ref, { expand: ["payment_intent", "subscription"] }),
      );
      return session ? checkoutOf(session) : null;
    },

    async retrieveSubscription(ref) {
      const subscription = await retrieveOrNull("read the subscription", () => stripe.subscriptions.retrieve(ref));
      return subscription ? subscriptionOf(subscription) : null;
    },

    async cancelAtPeriodEnd(ref) {
      await call("cancel the subscription", () => stripe.subscriptions.update(ref, { cancel_at_period_end: true }));
    },

    async resume(ref) {
      await call("resume the subscription", () => stripe.subscriptions.update(ref, { cancel_at_period_end: false }));
    },
  };
}
