/**
 * Subscription and coin answers (SPEC §3), in zod/mini so the browser can parse them. Requests are in billing.ts.
 */
import * as z from "zod/mini";

const rightSchema = z.object({ name: z.string(), val: z.string() });
export type ProductRight = z.infer<typeof rightSchema>;

/** status: 0 coming soon, 1 default or recommended, 2 free. price is 'amount/period', e.g. '$9.99/month'. */
const subscriptionProductSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  price: z.string(),
  remind: z.string(),
  status: z.int(),
  currency: z.string(),
  money: z.int(),
  /** val '1' means included. Derived from the plan's benefits, the same data chat metering reads. */
  rights: z.array(rightSchema),
});
export type SubscriptionProduct = z.infer<typeof subscriptionProductSchema>;
export const subscriptionProductListSchema = z.object({ product_list: z.array(subscriptionProductSchema) });
export type SubscriptionProductList = z.infer<typeof subscriptionProductListSchema>;

/** status 1 active, 2 cancelled (paid until expiry) or lapsed; expire_timestamp in seconds. */
export const subscriptionInfoSchema = z.object({
  is_subscribe: z.boolean(),
  product_info: z.nullable(z.object({ product_id: z.string() })),
  subscribe_info: z.nullable(z.object({ status: z.int(), expire_timestamp: z.int() })),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

/** money and origin_money in cents; currency USD when missing (SPEC §3). */
const coinProductSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  coin: z.int(),
  money: z.int(),
  origin_money: z.int(),
  price: z.string(),
  currency: z.optional(z.string()),
  remind: z.string(),
  status: z.int(),
});
export type CoinProduct = z.infer<typeof coinProductSchema>;
export const coinProductListSchema = z.object({ product_list: z.array(coinProductSchema) });
export type CoinProductList = z.infer<typeof coinProductListSchema>;

/**
 * POST /v1/subscribe/create and /v1/buy_coin/create. A new order has its payment page in redirect_uri. No order
 * is made when subscribing to the held active plan (cancelled: true) or resuming a cancelled one (resumed: true).
 */
export const orderCreatedSchema = z.object({
  redirect_uri: z.nullable(z.string()),
  order_code: z.nullable(z.string()),
  cancelled: z.boolean(),
  resumed: z.boolean(),
});
export type OrderCreated = z.infer<typeof orderCreatedSchema>;

const orderStatusSchema = z.enum(["pending", "paid", "cancelled", "failed"]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

const coinOrderSchema = z.object({
  order_code: z.string(),
  product_id: z.string(),
  coin: z.int(),
  money: z.int(),
  currency: z.string(),
  status: orderStatusSchema,
  created_at: z.string(),
  paid_at: z.nullable(z.string()),
});
export type CoinOrder = z.infer<typeof coinOrderSchema>;
export const coinOrderListSchema = z.object({ list: z.array(coinOrderSchema) });

/** What the sandbox checkout page shows. */
export const sandboxCheckoutSchema = z.object({
  order_code: z.string(),
  kind: z.enum(["subscription", "coins"]),
  product_name: z.string(),
  /** '$9.99/month' for a plan, '550 coins' for a package. */
  description: z.string(),
  money: z.int(),
  currency: z.string(),
  status: orderStatusSchema,
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;
