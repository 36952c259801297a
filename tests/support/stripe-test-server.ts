import type {
  RecordedRequest,
  StripeTestEvent,
  StripeTestServer,
  StripeTestServerOptions,
} from "./stripe-test-server-types";
import {
  API_VERSION,
  asObject,
  asString,
  copy,
  type Json,
  type JsonObject,
  newId,
  type Recurring,
  StripeApiError,
  stringMap,
} from "./stripe-test-values";
import { invoiceObject, nextPeriod, subscriptionObject } from "./stripe-test-objects";
import { serveStripeApi } from "./stripe-wire";

export type {
  RecordedRequest,
  StripeTestEvent,
  StripeTestServer,
  StripeTestServerOptions,
} from "./stripe-test-server-types";

/**
 * A Stripe-compatible HTTP server on loopback for the real `stripe` SDK (pointed at it with STRIPE_API_URL): the
 * Checkout Sessions, Subscriptions and Invoices our provider reads and changes, in the shapes of the current API
 * (period dates on subscription items, an invoice's subscription under parent.subscription_details). Test
 * controls play the customer and Stripe's billing: each returns the Stripe event it causes, which the test signs
 * and delivers to our webhook (tests/support/stripe-delivery.ts). Nothing here is our code's side of the wire.
 */
export async function startStripeTestServer(options: StripeTestServerOptions): Promise<StripeTestServer> {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const sessions = new Map<string, JsonObject>();
  const lineItems = new Map<string, JsonObject>();
  const subscriptionMetadata = new Map<string, JsonObject>();
  const subscriptions = new Map<string, JsonObject>();
  const invoices = new Map<string, JsonObject>();
  const paymentIntents = new Map<string, JsonObject>();
  const paymentIntentMetadata = new Map<string, JsonObject>();
  const requests: RecordedRequest[] = [];
  const events: StripeTestEvent[] = [];
  let base = "";

  function emit(type: string, object: JsonObject, previous?: JsonObject): StripeTestEvent {
    const event: StripeTestEvent = {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: seconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: copy(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
    events.push(event);
    return event;
  }

  function found<T>(map: Map<string, T>, kind: string, id: string): T {
    const value = map.get(id);
    if (!value) throw new StripeApiError(404, "invalid_request_error", "resource_missing", `No such ${kind}: '${id}'`);
    return value;
  }

  function createSession(form: JsonObject): JsonObject {
    const mode = asString(form.mode);
    if (mode !== "payment" && mode !== "subscription") {
      throw new StripeApiError(400, "invalid_request_error", "parameter_invalid_empty", "Missing mode");
    }
    const items = Array.isArray(form.line_items) ? form.line_items : [];
    const item = asObject(items[0]);
    const priceData = asObject(item.price_data);
    const amount = Number(asString(priceData.unit_amount));
    const currency = asString(priceData.currency);
    if (!Number.isSafeInteger(amount) || !currency) {
      throw new StripeApiError(400, "invalid_request_error", "parameter_missing", "line_items[0][price_data]");
    }
    const recurringForm = asObject(priceData.recurring);
    if ((mode === "subscription") !== (asString(recurringForm.interval) !== null)) {
      throw new StripeApiError(400, "invalid_request_error", null, "recurring price only in subscription mode");
    }
    const id = newId("cs");
    const productData = asObject(priceData.product_data);
    lineItems.set(id, {
      quantity: Number(asString(item.quantity) ?? "1"),
      price_data: {
        currency,
        unit_amount: amount,
        product_data: { name: asString(productData.name), description: asString(productData.description) },
        recurring: asString(recurringForm.interval)
          ? {
              interval: asString(recurringForm.interval),
              interval_count: Number(asString(recurringForm.interval_count) ?? "1"),
            }
          : null,
      },
    });
    subscriptionMetadata.set(id, stringMap(asObject(form.subscription_data).metadata));
    paymentIntentMetadata.set(id, stringMap(asObject(form.payment_intent_data).metadata));
    const session: JsonObject = {
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency,
      client_reference_id: asString(form.client_reference_id),
      customer: null,
      customer_email: asString(form.customer_email),
      metadata: stringMap(form.metadata),
      payment_intent: null,
      subscription: null,
      success_url: asString(form.success_url),
      cancel_url: asString(form.cancel_url),
      url: `${base}/c/pay/${id}`,
      created: seconds(),
      expires_at: seconds() + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    return session;
  }

  function createPaymentIntent(session: JsonObject, paid: boolean): JsonObject {
    const intent: JsonObject = {
      id: newId("pi"),
      object: "payment_intent",
      amount: session.amount_total ?? null,
      currency: session.currency ?? null,
      status: paid ? "succeeded" : "processing",
      metadata: paymentIntentMetadata.get(String(session.id)) ?? {},
      last_payment_error: null,
      created: seconds(),
      livemode: false,
    };
    paymentIntents.set(String(intent.id), intent);
    return intent;
  }

  function intentOf(session: JsonObject): JsonObject | null {
    return typeof session.payment_intent === "string" ? (paymentIntents.get(session.payment_intent) ?? null) : null;
  }

  function openSession(id: string): JsonObject {
    const session = found(sessions, "checkout.session", id);
    if (session.status !== "open") throw new Error(`session ${id} is ${String(session.status)}, not open`);
    return session;
  }

  function recurringOf(sessionId: string): Recurring {
    const recurring = asObject(asObject(lineItems.get(sessionId)?.price_data).recurring);
    const interval = asString(recurring.interval);
    if (interval !== "day" && interval !== "week" && interval !== "month" && interval !== "year") {
      throw new Error(`session ${sessionId} has no recurring price`);
    }
    return { interval, interval_count: Number(recurring.interval_count) };
  }

  function startSubscription(session: JsonObject, paid: boolean): JsonObject {
    const sessionId = String(session.id);
    const recurring = recurringOf(sessionId);
    const subscription = subscriptionObject({
      paid,
      metadata: subscriptionMetadata.get(sessionId) ?? {},
      start: seconds(),
      recurring,
      priceData: asObject(lineItems.get(sessionId)?.price_data),
    });
    const id = String(subscription.id);
    subscriptions.set(id, subscription);
    invoiceFor(subscription, "subscription_create", paid);
    session.subscription = id;
    session.customer = subscription.customer ?? null;
    return subscription;
  }

  function invoiceFor(subscription: JsonObject, reason: string, paid: boolean, legacy = false): JsonObject {
    const invoice = invoiceObject(subscription, { reason, paid, legacy, created: seconds() });
    invoices.set(String(invoice.id), invoice);
    subscription.latest_invoice = invoice.id ?? null;
    return invoice;
  }

  function updateSubscriptionFields(
    id: string,
    change: JsonObject,
  ): { subscription: JsonObject; previous: JsonObject } {
    const subscription = found(subscriptions, "subscription", id);
    const previous: JsonObject = {};
    for (const [key, value] of Object.entries(change)) {
      previous[key] = subscription[key] ?? null;
      subscription[key] = value;
    }
    return { subscription, previous };
  }

  /** The session with the ids named in expand[] replaced by their objects, as Stripe answers. */
  function expanded(session: JsonObject, expand: Json): JsonObject {
    const fields = Array.isArray(expand) ? expand : [];
    const result = copy(session);
    if (fields.includes("payment_intent") && typeof result.payment_intent === "string") {
      result.payment_intent = copy(found(paymentIntents, "payment_intent", result.payment_intent));
    }
    if (fields.includes("subscription") && typeof result.subscription === "string") {
      result.subscription = copy(found(subscriptions, "subscription", result.subscription));
    }
    return result;
  }

  function route(method: string, path: string, form: JsonObject): { status: number; body: JsonObject } {
    const parts = path.split("/").filter(Boolean);
    if (method === "POST" && path === "/v1/checkout/sessions") return { status: 200, body: createSession(form) };
    if (method === "GET" && parts[1] === "checkout" && parts[2] === "sessions" && parts[3] && parts.length === 4) {
      return { status: 200, body: expanded(found(sessions, "checkout.session", parts[3]), form.expand ?? null) };
    }
    if (method === "GET" && parts[1] === "payment_intents" && parts[2] && parts.length === 3) {
      return { status: 200, body: found(paymentIntents, "payment_intent", parts[2]) };
    }
    if (parts[1] === "subscriptions" && parts[2] && parts.length === 3) {
      if (method === "GET") return { status: 200, body: found(subscriptions, "subscription", parts[2]) };
      if (method === "POST") {
        const flag = asString(form.cancel_at_period_end);
        if (flag !== "true" && flag !== "false")
          return { status: 200, body: found(subscriptions, "subscription", parts[2]) };
        const { subscription, previous } = updateSubscriptionFields(parts[2], {
          cancel_at_period_end: flag === "true",
          canceled_at: flag === "true" ? seconds() : null,
        });
        emit("customer.subscription.updated", subscription, previous);
        return { status: 200, body: subscription };
      }
    }
    if (method === "GET" && parts[1] === "invoices" && parts[2] && parts.length === 3) {
      return { status: 200, body: found(invoices, "invoice", parts[2]) };
    }
    throw new StripeApiError(404, "invalid_request_error", null, `Unrecognized request URL (${method}: ${path})`);
  }

  const api = await serveStripeApi(options.secretKey, requests, route);
  base = api.url;

  return {
    url: base,
    requests,
    events,
    session: (id) => copy(found(sessions, "checkout.session", id)),
    sessions: () => [...sessions.values()].map(copy),
    lineItem: (id) => copy(found(lineItems, "line item of session", id)),
    subscription: (id) => copy(found(subscriptions, "subscription", id)),
    paymentIntent: (id) => copy(found(paymentIntents, "payment_intent", id)),

    completeSession(id, payment = "paid") {
      const session = openSession(id);
      const paid = payment === "paid";
      session.status = "complete";
      session.payment_status = paid ? "paid" : "unpaid";
      if (session.mode === "subscription") startSubscription(session, paid);
      else session.payment_intent = createPaymentIntent(session, paid).id ?? null;
      return emit("checkout.session.completed", session);
    },

    succeedAsyncPayment(id) {
      const session = found(sessions, "checkout.session", id);
      session.payment_status = "paid";
      const intent = intentOf(session);
      if (intent) intent.status = "succeeded";
      const subscription = asString(session.subscription);
      if (subscription) {
        const sub = found(subscriptions, "subscription", subscription);
        sub.status = "active";
        const invoice = invoices.get(String(sub.latest_invoice));
        if (invoice) Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due ?? 0 });
      }
      return emit("checkout.session.async_payment_succeeded", session);
    },

    failAsyncPayment(id) {
      const session = found(sessions, "checkout.session", id);
      const intent = intentOf(session);
      if (intent) {
        intent.status = "requires_payment_method";
        intent.last_payment_error = { code: "payment_method_not_available", message: "The debit was refused." };
      }
      // A plan's first payment failing: Stripe expires the incomplete subscription (after 23 hours; here at once).
      const subscription = asString(session.subscription);
      if (subscription) updateSubscriptionFields(subscription, { status: "incomplete_expired", ended_at: seconds() });
      return emit("checkout.session.async_payment_failed", session);
    },

    expireSession(id) {
      const session = openSession(id);
      session.status = "expired";
      return emit("checkout.session.expired", session);
    },

    renewSubscription(id, renewal = {}) {
      const subscription = found(subscriptions, "subscription", id);
      nextPeriod(subscription);
      subscription.status = "active";
      return emit("invoice.paid", invoiceFor(subscription, "subscription_cycle", true, renewal.legacyInvoice));
    },

    failRenewal(id) {
      const subscription = found(subscriptions, "subscription", id);
      nextPeriod(subscription);
      subscription.status = "past_due";
      return emit("invoice.payment_failed", invoiceFor(subscription, "subscription_cycle", false));
    },

    updateSubscription(id, change) {
      const { subscription, previous } = updateSubscriptionFields(id, {
        cancel_at_period_end: change.cancel_at_period_end,
        canceled_at: change.cancel_at_period_end ? seconds() : null,
      });
      return emit("customer.subscription.updated", subscription, previous);
    },

    endSubscription(id) {
      const { subscription } = updateSubscriptionFields(id, { status: "canceled", ended_at: seconds() });
      return emit("customer.subscription.deleted", subscription);
    },

    otherEvent: (type, object) => emit(type, object),

    close: () => api.close(),
  };
}
