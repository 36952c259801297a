import { and, eq } from "drizzle-orm";
import type { SandboxCheckout } from "../../../lib/contracts/billing-client";
import { orders } from "../../db/schema";
import { errors } from "../../errors";
import { sandboxRef } from "../../providers/payments/sandbox-provider";
import {
  expireSandboxCheckout,
  findSandboxCheckout,
  paySandboxCheckout,
  type SandboxCheckoutRow,
} from "../../providers/payments/sandbox-side";
import type { PaymentProvider } from "../../providers/payments/types";
import type { BillingDeps } from "./billing-context";
import { orderStatus } from "./coin-orders";
import { applyPaymentEvent } from "./fulfilment";
import { orderDescription } from "./money-text";
import type { OrderRow } from "./subscription-sync";

/**
 * The sandbox's payment page (/payment/sandbox/{order_code}) on the server: what it shows, and Pay and Cancel.
 * Pay and Cancel change the sandbox's own state, then hand fulfilment a sandbox event naming the checkout: exactly
 * the path a provider's event takes, so the sandbox tests the real fulfilment.
 */

interface SandboxOrder {
  provider: PaymentProvider;
  order: OrderRow;
  checkout: SandboxCheckoutRow;
}

/** The signed-in user's sandbox order and its checkout; 404 for anyone else's, and when the sandbox is not in use. */
async function findOwnSandboxOrder(deps: BillingDeps, userId: string, orderCode: string): Promise<SandboxOrder> {
  const provider = deps.payments;
  if (provider?.name !== "sandbox") throw errors.notFound("Not found");
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderCode, orderCode), eq(orders.userId, userId), eq(orders.provider, "sandbox")));
  const checkout = order ? await findSandboxCheckout(deps.db, orderCode) : null;
  if (!order || !checkout) throw errors.notFound("Order not found");
  return { provider, order: { ...order, userId }, checkout };
}

async function view(deps: BillingDeps, orderCode: string, userId: string): Promise<SandboxCheckout> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderCode, orderCode), eq(orders.userId, userId)));
  if (!order) throw errors.notFound("Order not found");
  return {
    order_code: order.orderCode,
    kind: order.kind === "coins" ? "coins" : "subscription",
    product_name: order.productName,
    description: orderDescription(order),
    money: order.money,
    currency: order.currency,
    status: orderStatus(order.status),
  };
}

/** GET /v1/payment/sandbox/checkout */
export async function readSandboxCheckout(deps: BillingDeps, userId: string, orderCode: string) {
  await findOwnSandboxOrder(deps, userId, orderCode);
  return view(deps, orderCode, userId);
}

async function notifyFulfilment(
  deps: BillingDeps,
  provider: PaymentProvider,
  checkout: SandboxCheckoutRow,
  type: string,
): Promise<void> {
  await applyPaymentEvent(
    { db: deps.db, provider, logger: deps.logger },
    {
      provider: "sandbox",
      eventId: sandboxRef("evt"),
      type,
      payload: { checkout: checkout.ref, order_code: checkout.orderCode, status: checkout.status },
      action: "sync-checkout",
      checkoutRef: checkout.ref,
    },
  );
}

/** POST /v1/payment/sandbox/pay: the sandbox takes the order's price, then fulfilment applies its event. */
export async function paySandbox(
  deps: BillingDeps,
  userId: string,
  orderCode: string,
  now = new Date(),
): Promise<SandboxCheckout> {
  const { provider, checkout } = await findOwnSandboxOrder(deps, userId, orderCode);
  const after = (await paySandboxCheckout(deps.db, checkout.ref, now)) ?? checkout;
  await notifyFulfilment(deps, provider, after, `checkout.${after.status}`);
  return view(deps, orderCode, userId);
}

/** POST /v1/payment/sandbox/cancel: the payer left; an open checkout expires and the order is cancelled. */
export async function cancelSandbox(
  deps: BillingDeps,
  userId: string,
  orderCode: string,
  now = new Date(),
): Promise<SandboxCheckout> {
  const { provider, checkout } = await findOwnSandboxOrder(deps, userId, orderCode);
  const after = (await expireSandboxCheckout(deps.db, checkout.ref, now)) ?? checkout;
  await notifyFulfilment(deps, provider, after, `checkout.${after.status}`);
  return view(deps, orderCode, userId);
}
