import { randomBytes } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import type { OrderCreateRequest } from "../../../lib/contracts/billing";
import { BILLING_CODES } from "../../../lib/contracts/billing-codes";
import type { OrderCreated } from "../../../lib/contracts/billing-client";
import { orders, users } from "../../db/schema";
import { AppError, errors } from "../../errors";
import type { PaymentProvider } from "../../providers/payments/types";
import type { SessionUser } from "../sessions/sessions";
import { providerFailed, requirePayments, type BillingDeps } from "./billing-context";
import { orderDescription } from "./money-text";
import { findCoinProduct, findSubscriptionProduct } from "./products";
import { syncFromProvider, type OrderRow } from "./subscription-sync";
import { cancelSubscription, findSubscription, resumeSubscription, type SubscriptionRow } from "./subscriptions";

export type OrderKind = "subscription" | "coins";

/** Order creations per user and minute (SPEC §5: a double click makes one order; this bounds scripted abuse). */
export const ORDERS_PER_MINUTE = 10;
/** A pending order for the same product and price made this recently is answered again instead of a new one. */
const REUSE_PENDING_MS = 30 * 60_000;
/** A pending order still waiting for its payment page this long is taken to be in progress (its request is). */
const IN_PROGRESS_MS = 2 * 60_000;

const NO_ORDER = { redirect_uri: null, order_code: null } as const;

/** What is being sold, as the order will keep it. */
interface Sale {
  productId: string;
  productName: string;
  money: number;
  currency: string;
  status: number;
  coin: number | null;
  periodDays: number | null;
}

async function findSale(deps: BillingDeps, kind: OrderKind, productId: string): Promise<Sale | null> {
  if (kind === "subscription") {
    const plan = await findSubscriptionProduct(deps.db, productId);
    return plan && { ...plan, productName: plan.name, coin: null };
  }
  const pack = await findCoinProduct(deps.db, productId);
  return pack && { ...pack, productName: pack.name, periodDays: null };
}

async function checkOrderRate(deps: BillingDeps, userId: string): Promise<void> {
  const { count, resetMs } = await deps.store.hit(`billing-order:${userId}`, 60_000);
  if (count > ORDERS_PER_MINUTE) throw errors.rateLimited(Math.max(1, Math.ceil(resetMs / 1000)));
}

/** The client's money and currency must be the product's: orders are made at the server's price only. */
function checkPrice(sale: Sale, input: OrderCreateRequest): void {
  if (input.money !== sale.money) {
    throw new AppError(400, 400, `Invalid field 'money': the price of this product is ${sale.money}`);
  }
  if (input.currency !== sale.currency.toUpperCase()) {
    throw new AppError(400, 400, `Invalid field 'currency': this product is sold in ${sale.currency}`);
  }
}

function unavailable(sale: Sale): AppError {
  const why = sale.status === 0 ? "is coming soon" : "is free";
  return new AppError(409, BILLING_CODES.PRODUCT_UNAVAILABLE, `This product ${why} and cannot be bought.`);
}

/**
 * Subscribing while a plan is held (SPEC §5): the held plan while it renews is cancelled instead; the held plan
 * cancelled but still paid is resumed; another renewing plan must be cancelled first. Null: go on to an order.
 */
async function answerForHeldPlan(
  deps: BillingDeps,
  provider: PaymentProvider,
  userId: string,
  productId: string,
  now: Date,
): Promise<OrderCreated | null> {
  let held: SubscriptionRow | null = await findSubscription(deps.db, userId);
  if (!held) return null;
  // A renewing plan past its period end: the provider's renewal word may be late, so ask it first.
  if (held.status === 1 && held.currentPeriodEnd <= now && held.providerRef && held.provider === provider.name) {
    await syncFromProvider({ db: deps.db, provider, logger: deps.logger }, held.providerRef).catch((err: unknown) =>
      deps.logger.warn("re-reading a subscription failed", { error: String(err) }),
    );
    held = await findSubscription(deps.db, userId);
    if (!held) return null;
  }
  if (held.productId === productId) {
    if (held.status === 1) {
      await cancelSubscription(deps, userId, now);
      return { ...NO_ORDER, cancelled: true, resumed: false };
    }
    if (held.currentPeriodEnd > now && held.providerRef) {
      await resumeSubscription(deps, { ...held, providerRef: held.providerRef });
      return { ...NO_ORDER, cancelled: false, resumed: true };
    }
    return null;
  }
  if (held.status === 1) {
    throw new AppError(
      409,
      BILLING_CODES.OTHER_PLAN_ACTIVE,
      "You already have another active plan. Cancel it before choosing a different one.",
    );
  }
  return null;
}

export function newOrderCode(): string {
  return `ord_${randomBytes(12).toString("hex")}`;
}

/**
 * Reserves the order: with the user's row locked (so one user's creations run one at a time, across instances),
 * answers the user's recent pending order for the same product and price again, or inserts a new pending one.
 * The transaction is short and never spans the provider call.
 */
async function reserveOrder(
  deps: BillingDeps,
  provider: PaymentProvider,
  userId: string,
  kind: OrderKind,
  sale: Sale,
  now: Date,
): Promise<{ reused: boolean; order: OrderRow }> {
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw errors.unauthorized("Authentication expired");
    const [pending] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.kind, kind),
          eq(orders.productId, sale.productId),
          eq(orders.status, "pending"),
          eq(orders.money, sale.money),
          eq(orders.currency, sale.currency),
          eq(orders.provider, provider.name),
          gt(orders.createdAt, new Date(now.getTime() - REUSE_PENDING_MS)),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (pending?.redirectUri) return { reused: true, order: { ...pending, userId } };
    if (pending && pending.createdAt.getTime() > now.getTime() - IN_PROGRESS_MS) {
      throw new AppError(
        409,
        BILLING_CODES.ORDER_IN_PROGRESS,
        "An order for this product is being created. Please wait a moment.",
      );
    }
    const [order] = await tx
      .insert(orders)
      .values({
        orderCode: newOrderCode(),
        userId,
        kind,
        productId: sale.productId,
        productName: sale.productName,
        coin: sale.coin,
        periodDays: sale.periodDays,
        currency: sale.currency,
        money: sale.money,
        provider: provider.name,
        createdAt: now,
      })
      .returning();
    return { reused: false, order: { ...order!, userId } };
  });
}

/** Asks the provider for the order's payment page and keeps it on the order; a failure fails the order (502). */
async function openCheckout(
  deps: BillingDeps,
  provider: PaymentProvider,
  user: SessionUser,
  order: OrderRow,
): Promise<string> {
  try {
    const page = await provider.createCheckout({
      orderCode: order.orderCode,
      kind: order.kind === "coins" ? "coins" : "subscription",
      productId: order.productId,
      productName: order.productName,
      description: orderDescription(order),
      money: order.money,
      currency: order.currency,
      periodDays: order.periodDays,
      userId: user.id,
      email: user.email,
    });
    await deps.db
      .update(orders)
      .set({ redirectUri: page.redirectUri, providerRef: page.providerRef })
      .where(eq(orders.id, order.id));
    return page.redirectUri;
  } catch (err) {
    deps.logger.error("creating a checkout failed", {
      order_code: order.orderCode,
      provider: provider.name,
      error: err instanceof Error ? err.message : String(err),
    });
    await deps.db
      .update(orders)
      .set({ status: "failed" })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")));
    throw providerFailed();
  }
}

/**
 * POST /v1/subscribe/create and /v1/buy_coin/create: an order at the server's price with its payment page. A
 * money or currency unlike the product's is a 400 naming the field; coming-soon and free products are a 409; a
 * double click answers the same order; see answerForHeldPlan for subscribing while a plan is held.
 */
export async function createOrder(
  deps: BillingDeps,
  user: SessionUser,
  kind: OrderKind,
  input: OrderCreateRequest,
  now = new Date(),
): Promise<OrderCreated> {
  await checkOrderRate(deps, user.id);
  const provider = requirePayments(deps);
  const sale = await findSale(deps, kind, input.product_id);
  if (!sale) throw errors.notFound("Product not found");
  checkPrice(sale, input);
  if (kind === "subscription") {
    const answer = await answerForHeldPlan(deps, provider, user.id, sale.productId, now);
    if (answer) return answer;
  }
  if (sale.status !== 1) throw unavailable(sale);
  const { reused, order } = await reserveOrder(deps, provider, user.id, kind, sale, now);
  const redirectUri = reused && order.redirectUri ? order.redirectUri : await openCheckout(deps, provider, user, order);
  return { redirect_uri: redirectUri, order_code: order.orderCode, cancelled: false, resumed: false };
}
