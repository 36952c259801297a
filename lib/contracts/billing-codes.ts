/** Envelope codes of the subscription and coin calls, without zod so browser code can import them. */
export const BILLING_CODES = {
  /** The product is coming soon (status 0) or free (status 2): it cannot be bought. HTTP 409. */
  PRODUCT_UNAVAILABLE: 40902,
  /** The user holds another active plan; it must be cancelled before choosing a different one. HTTP 409. */
  OTHER_PLAN_ACTIVE: 40903,
  /** Cancel without an active subscription. HTTP 409. */
  NOT_SUBSCRIBED: 40904,
  /** An order being created for the same product a moment ago has no payment page yet. HTTP 409. */
  ORDER_IN_PROGRESS: 40905,
  /** A webhook whose signature is missing, wrong or stale, or whose payload is unreadable. HTTP 400. */
  WEBHOOK_REJECTED: 40020,
  /** Payments are switched off (sandbox in production without PAYMENT_SANDBOX_ENABLED, Stripe without keys). HTTP 503. */
  PAYMENTS_UNAVAILABLE: 50310,
  /** The payment provider failed or did not answer while creating or changing an order. HTTP 502. */
  PROVIDER_FAILED: 50210,
} as const;
