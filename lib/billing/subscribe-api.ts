/** The subscription calls of SPEC §7, answers validated with lib/contracts/billing-client.ts. */
import { apiGet, apiPost } from "@/lib/api";
import type {
  OrderCreated,
  SubscriptionInfo,
  SubscriptionProduct,
  SubscriptionProductList,
} from "@/lib/contracts/billing-client";

/** Loaded with the first answer, not with the page: the schemas are zod, which stays out of first-load JavaScript. */
const schemas = () => import("@/lib/contracts/billing-client");

/** The plans; no sign-in needed. */
export function fetchSubscriptionProducts(signal?: AbortSignal): Promise<SubscriptionProductList> {
  return apiGet("/v1/subscribe/product", undefined, {
    schema: () => schemas().then((m) => m.subscriptionProductListSchema),
    signal,
  });
}

/** The signed-in user's plan: which one, active (1) or cancelled / lapsed (2), and until when. */
export function fetchSubscriptionInfo(signal?: AbortSignal): Promise<SubscriptionInfo> {
  return apiGet("/v1/subscribe/me", undefined, {
    schema: () => schemas().then((m) => m.subscriptionInfoSchema),
    signal,
  });
}

/** An order for `plan` at the listed price; the server answers a payment page, or cancels / resumes the held plan. */
export function createSubscriptionOrder(
  plan: Pick<SubscriptionProduct, "product_id" | "currency" | "money">,
): Promise<OrderCreated> {
  return apiPost(
    "/v1/subscribe/create",
    { product_id: plan.product_id, currency: plan.currency, money: plan.money },
    { schema: () => schemas().then((m) => m.orderCreatedSchema) },
  );
}

/** Cancels the held plan at the end of its paid period. */
export function cancelSubscription(): Promise<SubscriptionInfo> {
  return apiPost("/v1/subscribe/cancel", {}, { schema: () => schemas().then((m) => m.subscriptionInfoSchema) });
}
