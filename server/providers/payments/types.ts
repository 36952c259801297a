/**
 * The payment provider behind PAYMENT_PROVIDER (sandbox | stripe). The provider is the only source of truth for
 * what was paid: fulfilment (server/modules/billing/fulfilment.ts) records each of its events under a unique
 * (provider, event id) and then re-reads the object the event names from the provider, so duplicates, late and
 * out-of-order events all end in the provider's current state.
 */
export type PaymentProviderName = "sandbox" | "stripe";

/** An order as the provider needs it to make a payment page. Prices are ours, from the order row. */
export interface CheckoutOrder {
  orderCode: string;
  kind: "subscription" | "coins";
  productId: string;
  productName: string;
  /** '$9.99/month' or '550 coins': the line the payment page shows. */
  description: string;
  money: number;
  currency: string;
  /** Subscription orders: the length of one paid period. */
  periodDays: number | null;
  userId: string;
  email: string | null;
}

export interface CheckoutPage {
  redirectUri: string;
  /** The provider's id of the checkout (Stripe: the Checkout Session id), kept on the order. */
  providerRef: string;
}

/** A checkout as the provider sees it now. */
export interface ProviderCheckout {
  ref: string;
  orderCode: string;
  /** paid: the money arrived; open: not yet (or an asynchronous payment is still pending); failed / expired: never. */
  status: "open" | "paid" | "failed" | "expired";
  /** Subscription checkouts, once paid: the provider's subscription id. */
  subscriptionRef: string | null;
}

/** A subscription as the provider sees it now. */
export interface ProviderSubscription {
  ref: string;
  /** The order that started it (kept in the provider's metadata). */
  orderCode: string;
  /** active: paid and renewing (or cancelled at period end: see cancelAtPeriodEnd); ended: cancelled or lapsed. */
  status: "active" | "past_due" | "ended";
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(order: CheckoutOrder): Promise<CheckoutPage>;
  retrieveCheckout(ref: string): Promise<ProviderCheckout | null>;
  retrieveSubscription(ref: string): Promise<ProviderSubscription | null>;
  /** Stops renewal; the plan stays paid until the period ends. */
  cancelAtPeriodEnd(ref: string): Promise<void>;
  /** Undoes cancelAtPeriodEnd while the period still runs. */
  resume(ref: string): Promise<void>;
}

/**
 * What a provider event asks fulfilment to do, once its signature (Stripe) or origin (sandbox) is checked. The
 * effect always comes from re-reading the named object, never from the event's own copy of it.
 */
export type PaymentEvent = {
  provider: PaymentProviderName;
  /** Unique per provider: the same id delivered twice is applied once. */
  eventId: string;
  /** The provider's event type, recorded as is. */
  type: string;
  /** The raw event, recorded for audit. */
  payload: unknown;
} & (
  | { action: "sync-checkout"; checkoutRef: string }
  | { action: "sync-subscription"; subscriptionRef: string }
  | { action: "ignore" }
);
