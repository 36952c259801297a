import { eq } from "drizzle-orm";
import { BILLING_CODES } from "../../../lib/contracts/billing-codes";
import type { SubscriptionInfo } from "../../../lib/contracts/billing-client";
import { subscriptions } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";
import { providerFailed, requirePayments, type BillingDeps } from "./billing-context";
import { syncFromProvider } from "./subscription-sync";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/**
 * GET /v1/subscribe/find and /me (SPEC §3): the plan held and its status, expire_timestamp in seconds. is_subscribe
 * is true while the plan renews (status 1) or is still paid (within its period); both are null without a plan ever.
 */
export function subscriptionInfo(row: SubscriptionRow | null, now: Date): SubscriptionInfo {
  if (!row) return { is_subscribe: false, product_info: null, subscribe_info: null };
  return {
    is_subscribe: row.status === 1 || row.currentPeriodEnd > now,
    product_info: { product_id: row.productId },
    subscribe_info: { status: row.status, expire_timestamp: Math.floor(row.currentPeriodEnd.getTime() / 1000) },
  };
}

export async function readSubscriptionInfo(db: Db, userId: string, now = new Date()): Promise<SubscriptionInfo> {
  return subscriptionInfo(await findSubscription(db, userId), now);
}

/** Runs a change at the provider, then sets our row from its word; a provider that fails is a 502. */
async function changeAtProvider(
  deps: BillingDeps,
  row: SubscriptionRow & { providerRef: string },
  change: "cancelAtPeriodEnd" | "resume",
): Promise<void> {
  const provider = requirePayments(deps);
  if (row.provider !== provider.name) {
    throw new AppError(
      503,
      BILLING_CODES.PAYMENTS_UNAVAILABLE,
      "This subscription was made with another payment provider and cannot be changed here.",
    );
  }
  try {
    await provider[change](row.providerRef);
    await syncFromProvider({ db: deps.db, provider, logger: deps.logger }, row.providerRef);
  } catch (err) {
    deps.logger.error("payment provider failed", {
      change,
      ref: row.providerRef,
      error: err instanceof Error ? err.message : String(err),
    });
    throw providerFailed();
  }
}

/**
 * POST /v1/subscribe/cancel: the plan stops renewing and stays paid until its period ends (status 2). The change
 * is made at the provider, and our row is set from the provider's word.
 */
export async function cancelSubscription(
  deps: BillingDeps,
  userId: string,
  now = new Date(),
): Promise<SubscriptionInfo> {
  requirePayments(deps);
  const row = await findSubscription(deps.db, userId);
  if (!row || row.status !== 1 || !row.providerRef) {
    throw new AppError(409, BILLING_CODES.NOT_SUBSCRIBED, "You have no active subscription to cancel.");
  }
  await changeAtProvider(deps, { ...row, providerRef: row.providerRef }, "cancelAtPeriodEnd");
  return readSubscriptionInfo(deps.db, userId, now);
}

/** Resubscribing to the held plan while it is cancelled but still paid: it renews again (status 1). */
export async function resumeSubscription(deps: BillingDeps, row: SubscriptionRow & { providerRef: string }) {
  await changeAtProvider(deps, row, "resume");
}
