import type { JsonObject } from "./stripe-test-values";

/** What the Stripe test server (stripe-test-server.ts) offers a test: its URL, what it saw, and its controls. */

export interface StripeTestEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: JsonObject; previous_attributes?: JsonObject };
}

export interface RecordedRequest {
  method: string;
  path: string;
  form: JsonObject;
  idempotencyKey: string | null;
}

export interface StripeTestServerOptions {
  secretKey: string;
  /** The server's clock in ms (Stripe's "now" for created, period dates); default Date.now. */
  now?: () => number;
}

export interface StripeTestServer {
  /** http://127.0.0.1:{port}: STRIPE_API_URL for the SDK. */
  url: string;
  requests: RecordedRequest[];
  /** Every event the server's objects caused, in order (controls and API updates). */
  events: StripeTestEvent[];
  session(id: string): JsonObject;
  sessions(): JsonObject[];
  /** The line item a session was created with (Stripe keeps it apart from the session). */
  lineItem(sessionId: string): JsonObject;
  subscription(id: string): JsonObject;
  paymentIntent(id: string): JsonObject;
  /** The customer pays: complete (paid, or an asynchronous payment still pending) → checkout.session.completed. */
  completeSession(id: string, payment?: "paid" | "pending"): StripeTestEvent;
  /** The pending payment arrives → checkout.session.async_payment_succeeded. */
  succeedAsyncPayment(id: string): StripeTestEvent;
  /**
   * The pending payment fails → checkout.session.async_payment_failed: the session stays complete and unpaid, its
   * PaymentIntent wants another payment method (a plan's subscription expires, at once here).
   */
  failAsyncPayment(id: string): StripeTestEvent;
  /** The session times out unpaid → checkout.session.expired. */
  expireSession(id: string): StripeTestEvent;
  /**
   * The next period is billed and paid → invoice.paid. legacyInvoice: the invoice in an API version before
   * 2025-03-31 (top-level `subscription`, no parent).
   */
  renewSubscription(id: string, options?: { legacyInvoice?: boolean }): StripeTestEvent;
  /** The next period is billed and its payment fails → invoice.payment_failed, subscription past_due. */
  failRenewal(id: string): StripeTestEvent;
  /** A change made in the Dashboard → customer.subscription.updated. */
  updateSubscription(id: string, change: { cancel_at_period_end: boolean }): StripeTestEvent;
  /** The subscription ends (cancelled at period end, or unpaid) → customer.subscription.deleted. */
  endSubscription(id: string): StripeTestEvent;
  /** Any other event type, for the ones we ignore. */
  otherEvent(type: string, object: JsonObject): StripeTestEvent;
  close(): Promise<void>;
}
