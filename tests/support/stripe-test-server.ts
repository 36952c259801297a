import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";

/**
 * A Stripe-compatible HTTP server on loopback for the real `stripe` SDK (pointed at it with STRIPE_API_URL): the
 * Checkout Sessions, Subscriptions and Invoices our provider reads and changes, in the shapes of the current API
 * (period dates on subscription items, an invoice's subscription under parent.subscription_details). Test
 * controls play the customer and Stripe's billing: each returns the Stripe event it causes, which the test signs
 * and delivers to our webhook (tests/support/stripe-delivery.ts). Nothing here is our code's side of the wire.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

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

interface Recurring {
  interval: "day" | "week" | "month" | "year";
  interval_count: number;
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

const API_VERSION = "2026-10-28.endive";

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

function newId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString("hex")}`;
}

function asObject(value: unknown): JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

function asString(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** Form values arrive as strings: metadata stays strings, as on Stripe. */
function stringMap(value: unknown): JsonObject {
  return Object.fromEntries(Object.entries(asObject(value)).filter(([, v]) => typeof v === "string"));
}

function addInterval(fromSeconds: number, recurring: Recurring): number {
  const date = new Date(fromSeconds * 1000);
  const n = recurring.interval_count;
  if (recurring.interval === "day") date.setUTCDate(date.getUTCDate() + n);
  if (recurring.interval === "week") date.setUTCDate(date.getUTCDate() + 7 * n);
  const months = recurring.interval === "month" ? n : recurring.interval === "year" ? 12 * n : 0;
  if (months) {
    // Like Stripe's billing anchor: 31 January plus a month is the last day of February.
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  }
  return Math.floor(date.getTime() / 1000);
}

function copy<T extends Json>(value: T): T {
  return structuredClone(value);
}

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
  const idempotent = new Map<string, { form: string; status: number; body: JsonObject }>();
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

  function firstItem(subscription: JsonObject): JsonObject {
    const data = asObject(subscription.items).data;
    return asObject(Array.isArray(data) ? data[0] : null);
  }

  function invoiceFor(subscription: JsonObject, reason: string, paid: boolean, legacy = false): JsonObject {
    const item = firstItem(subscription);
    const amount = Number(asObject(item.price).unit_amount);
    const invoice: JsonObject = {
      id: newId("in"),
      object: "invoice",
      billing_reason: reason,
      customer: subscription.customer ?? null,
      currency: asObject(item.price).currency ?? null,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      status: paid ? "paid" : "open",
      period_start: item.current_period_start ?? null,
      period_end: item.current_period_end ?? null,
      created: seconds(),
      livemode: false,
      ...(legacy
        ? { subscription: subscription.id ?? null, parent: null }
        : {
            parent: {
              type: "subscription_details",
              quote_details: null,
              subscription_details: { metadata: subscription.metadata ?? {}, subscription: subscription.id ?? null },
            },
          }),
    };
    invoices.set(String(invoice.id), invoice);
    subscription.latest_invoice = invoice.id ?? null;
    return invoice;
  }

  function startSubscription(session: JsonObject, paid: boolean): JsonObject {
    const sessionId = String(session.id);
    const recurring = recurringOf(sessionId);
    const priceData = asObject(lineItems.get(sessionId)?.price_data);
    const id = newId("sub");
    const start = seconds();
    const subscription: JsonObject = {
      id,
      object: "subscription",
      status: paid ? "active" : "incomplete",
      customer: newId("cus"),
      metadata: subscriptionMetadata.get(sessionId) ?? {},
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      start_date: start,
      created: start,
      latest_invoice: null,
      livemode: false,
      items: {
        object: "list",
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            subscription: id,
            quantity: 1,
            current_period_start: start,
            current_period_end: addInterval(start, recurring),
            price: {
              id: newId("price"),
              object: "price",
              currency: priceData.currency ?? null,
              unit_amount: priceData.unit_amount ?? null,
              recurring: { ...recurring },
              product: newId("prod"),
            },
          },
        ],
      },
    };
    subscriptions.set(id, subscription);
    invoiceFor(subscription, "subscription_create", paid);
    session.subscription = id;
    session.customer = subscription.customer ?? null;
    return subscription;
  }

  /** Billing moves every item to its next period, paid or not. */
  function nextPeriod(subscription: JsonObject): void {
    const item = firstItem(subscription);
    const start = Number(item.current_period_end);
    const recurring = asObject(asObject(item.price).recurring);
    item.current_period_start = start;
    item.current_period_end = addInterval(start, {
      interval: asString(recurring.interval) as Recurring["interval"],
      interval_count: Number(recurring.interval_count),
    });
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

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const raw = Buffer.concat(chunks).toString("utf8");
      // The SDK sends a GET's parameters (expand[]) in the query, a POST's in the form body.
      const form = asObject(qs.parse(req.method === "GET" ? url.search.slice(1) : raw, { arrayLimit: 100, depth: 10 }));
      const idempotencyKey = asString(req.headers["idempotency-key"]);
      const method = req.method ?? "GET";
      requests.push({ method, path: url.pathname, form: copy(form), idempotencyKey });
      const send = (status: number, body: JsonObject) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
        res.end(JSON.stringify(body));
      };
      try {
        if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
          throw new StripeApiError(401, "invalid_request_error", null, "Invalid API Key provided");
        }
        const previous = idempotencyKey && method === "POST" ? idempotent.get(idempotencyKey) : undefined;
        if (previous) {
          if (previous.form !== raw) {
            throw new StripeApiError(
              400,
              "idempotency_error",
              null,
              "Keys for idempotent requests can only be used with the same parameters",
            );
          }
          res.setHeader("idempotent-replayed", "true");
          send(previous.status, previous.body);
          return;
        }
        const { status, body } = route(method, url.pathname, form);
        const snapshot = copy(body);
        if (idempotencyKey && method === "POST") idempotent.set(idempotencyKey, { form: raw, status, body: snapshot });
        send(status, snapshot);
      } catch (err) {
        if (err instanceof StripeApiError) {
          send(err.status, { error: { type: err.type, code: err.code, message: err.message } });
        } else {
          send(500, { error: { type: "api_error", code: null, message: String(err) } });
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

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

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
