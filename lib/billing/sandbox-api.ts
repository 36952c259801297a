/** The built-in sandbox provider's checkout calls, used by /payment/sandbox/{order}. */
import { apiGet, apiPost } from "@/lib/api";
import { sandboxCheckoutSchema, type SandboxCheckout } from "@/lib/contracts/billing-client";

export function fetchSandboxCheckout(orderCode: string, signal?: AbortSignal): Promise<SandboxCheckout> {
  return apiGet("/v1/payment/sandbox/checkout", { order_code: orderCode }, { schema: sandboxCheckoutSchema, signal });
}

/** Confirms the test payment on the server, which fulfils the order as a provider event would. */
export function paySandboxOrder(orderCode: string): Promise<SandboxCheckout> {
  return apiPost("/v1/payment/sandbox/pay", { order_code: orderCode }, { schema: sandboxCheckoutSchema });
}

export function cancelSandboxOrder(orderCode: string): Promise<SandboxCheckout> {
  return apiPost("/v1/payment/sandbox/cancel", { order_code: orderCode }, { schema: sandboxCheckoutSchema });
}
