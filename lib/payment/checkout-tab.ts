/**
 * The payment tab (ARCHITECTURE.md "Payment tab flow"): a tab on /payment/loading is opened in the click itself,
 * so no popup blocker fires, and pointed at the provider's page once the server has created the order.
 */
import type { OrderCreated } from "@/lib/contracts/billing-client";

export const PAYMENT_LOADING_PATH = "/payment/loading";

/** What the window of a tab needs to offer; the real one is `Window`. */
export interface PaymentTab {
  readonly closed: boolean;
  close(): void;
  location: { replace(url: string): void };
}

export interface CheckoutEnvironment {
  /** Where the tab went when the browser refused to open one (a fallback for blocked popups). */
  navigate(url: string): void;
  origin: string;
}

export type CheckoutOutcome =
  /** The tab (or, without one, this window) is on the payment page. */
  | { type: "redirected" }
  /** No payment page: the server cancelled or resumed the held plan instead. */
  | { type: "cancelled" | "resumed" | "no-payment" }
  | { type: "failed"; error: unknown };

/** Opens the loading tab. Call it synchronously inside the click handler, before any await. */
export function openPaymentTab(open: typeof window.open = window.open.bind(window)): PaymentTab | null {
  // Not "noopener": the result pages post their outcome to this window through window.opener.
  return open(PAYMENT_LOADING_PATH, "_blank");
}

/** Only http(s) payment pages: a javascript: URL assigned to a same-origin tab would run in our origin. */
export function safePaymentUrl(uri: string, origin: string): string | null {
  try {
    const url = new URL(uri, origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Creates the order and sends `tab` to its payment page; on failure, or when there is no page to go to, the tab
 * is closed. Never throws: the outcome says what happened.
 */
export async function runCheckout(
  tab: PaymentTab | null,
  createOrder: () => Promise<OrderCreated>,
  env: CheckoutEnvironment,
): Promise<CheckoutOutcome> {
  let order: OrderCreated;
  try {
    order = await createOrder();
  } catch (error) {
    tab?.close();
    return { type: "failed", error };
  }
  const url = order.redirect_uri ? safePaymentUrl(order.redirect_uri, env.origin) : null;
  if (url) {
    // A tab the user already closed is left alone: the order just stays unpaid.
    if (!tab) env.navigate(url);
    else if (!tab.closed) tab.location.replace(url);
    return { type: "redirected" };
  }
  tab?.close();
  if (order.cancelled) return { type: "cancelled" };
  if (order.resumed) return { type: "resumed" };
  if (order.redirect_uri) return { type: "failed", error: new Error("unsafe payment page address") };
  return { type: "no-payment" };
}
