import { z } from "zod";
import { text, wholeNumber } from "./fields";

/**
 * Subscription and coin request payloads (SPEC §7), validated by the server. Answers are in billing-client.ts.
 *
 * GET  /v1/subscribe/product            → { product_list: SubscriptionProduct[] }   (no sign-in needed)
 * POST /v1/subscribe/create  OrderCreateRequest → OrderCreated
 *      At the server's price: a money or currency unlike the product's is a 400 naming the field. Subscribing to
 *      the held plan while it is active (status 1) cancels it instead (answer `cancelled: true`, no order).
 *      Resubscribing to the held plan while cancelled but still paid resumes it (answer `resumed: true`).
 * GET  /v1/subscribe/find, /v1/subscribe/me → SubscriptionInfo
 * POST /v1/subscribe/cancel  {}         → SubscriptionInfo (cancelled at the end of the paid period)
 * GET  /v1/buy_coin/product             → { product_list: CoinProduct[] }           (no sign-in needed)
 * POST /v1/buy_coin/create   OrderCreateRequest → OrderCreated
 * GET  /v1/buy_coin/find?order_code=    → { list: CoinOrder[] } the user's coin orders, newest first (20)
 * GET  /v1/buy_coin/wallet              → Wallet (chat-client.ts)
 *
 * Sandbox provider (PAYMENT_PROVIDER=sandbox), used by /payment/sandbox/{order_code}:
 * GET  /v1/payment/sandbox/checkout?order_code= → SandboxCheckout (the signed-in owner only)
 * POST /v1/payment/sandbox/pay     { order_code } → SandboxCheckout (paid; fulfilled as a provider event would)
 * POST /v1/payment/sandbox/cancel  { order_code } → SandboxCheckout (cancelled)
 *
 * Stripe (PAYMENT_PROVIDER=stripe): POST /v1/payment/stripe/webhook, raw body, verified by Stripe-Signature.
 */
export { BILLING_CODES } from "./billing-codes";

const productId = text().trim().min(1).max(64);
export const orderCode = text().trim().min(1).max(64);

export const orderCreateRequest = z.object({
  product_id: productId,
  currency: text()
    .trim()
    .regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code")
    .transform((v) => v.toUpperCase()),
  /** Cents, as listed in the product. */
  money: wholeNumber(0, 100_000_000),
});
export type OrderCreateRequest = z.infer<typeof orderCreateRequest>;

export const subscribeCancelRequest = z.object({});

export const coinOrderQuery = z.object({ order_code: orderCode.optional() });

export const sandboxOrderRequest = z.object({ order_code: orderCode });
export const sandboxCheckoutQuery = z.object({ order_code: orderCode });
