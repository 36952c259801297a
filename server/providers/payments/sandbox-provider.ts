import { randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { sandboxCheckouts, sandboxSubscriptions } from "../../db/schema";
import type { Db } from "../../db/types";
import type { CheckoutOrder, CheckoutPage, PaymentProvider, ProviderCheckout, ProviderSubscription } from "./types";

/**
 * The built-in sandbox provider (PAYMENT_PROVIDER=sandbox). It stands in for a remote provider: its checkouts and
 * subscriptions live in tables of their own (sandbox_checkouts, sandbox_subscriptions) that nothing of ours
 * references, and fulfilment reads them only through this interface, as it reads Stripe. Its payment page is this
 * app's /payment/sandbox/{order_code}; what happens there and on its clock is in sandbox-side.ts.
 */
export function createSandboxProvider(db: Db): PaymentProvider {
  return {
    name: "sandbox",

    async createCheckout(order: CheckoutOrder): Promise<CheckoutPage> {
      const ref = sandboxRef("cs");
      await db.insert(sandboxCheckouts).values({
        ref,
        orderCode: order.orderCode,
        money: order.money,
        currency: order.currency,
        periodDays: order.kind === "subscription" ? order.periodDays : null,
      });
      return {
        // A path of this site: the payment tab resolves it against the address the site was opened on (127.0.0.1, a
        // LAN address, a www. name), where the buyer's session and opener are; PUBLIC_BASE_URL may be another.
        redirectUri: `/payment/sandbox/${encodeURIComponent(order.orderCode)}`,
        providerRef: ref,
      };
    },

    async retrieveCheckout(ref: string): Promise<ProviderCheckout | null> {
      const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.ref, ref));
      if (!row) return null;
      return {
        ref: row.ref,
        orderCode: row.orderCode,
        status: row.status === "paid" ? "paid" : row.status === "expired" ? "expired" : "open",
        subscriptionRef: row.subscriptionRef,
      };
    },

    async retrieveSubscription(ref: string): Promise<ProviderSubscription | null> {
      const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.ref, ref));
      if (!row) return null;
      return {
        ref: row.ref,
        orderCode: row.orderCode,
        status: row.status === "ended" ? "ended" : "active",
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        currentPeriodEnd: row.currentPeriodEnd,
      };
    },

    async cancelAtPeriodEnd(ref: string): Promise<void> {
      const changed = await db
        .update(sandboxSubscriptions)
        .set({ cancelAtPeriodEnd: true, updatedAt: new Date() })
        .where(and(eq(sandboxSubscriptions.ref, ref), eq(sandboxSubscriptions.status, "active")))
        .returning({ ref: sandboxSubscriptions.ref });
      if (changed.length === 0) throw new Error(`sandbox: no active subscription ${ref}`);
    },

    async resume(ref: string): Promise<void> {
      const changed = await db
        .update(sandboxSubscriptions)
        .set({ cancelAtPeriodEnd: false, updatedAt: new Date() })
        .where(
          and(
            eq(sandboxSubscriptions.ref, ref),
            eq(sandboxSubscriptions.status, "active"),
            gt(sandboxSubscriptions.currentPeriodEnd, sql`now()`),
          ),
        )
        .returning({ ref: sandboxSubscriptions.ref });
      if (changed.length === 0) throw new Error(`sandbox: subscription ${ref} cannot be resumed`);
    },
  };
}

/** A sandbox id: sbx_{kind}_{random}. */
export function sandboxRef(kind: "cs" | "sub" | "evt"): string {
  return `sbx_${kind}_${randomBytes(12).toString("hex")}`;
}
