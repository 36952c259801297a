import { asc, eq } from "drizzle-orm";
import {
  favorites,
  oauthIdentities,
  orders,
  robots,
  subscriptions,
  users,
  walletLedger,
  wallets,
} from "../../db/schema";
import type { Db } from "../../db/types";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What profile.json holds about the account itself: profile, persona, sign-in methods, favourites, subscription,
 * wallet and ledger, orders. Null when the account is gone.
 */
export async function readArchiveProfile(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const identities = await db
    .select({ provider: oauthIdentities.provider, email: oauthIdentities.email, since: oauthIdentities.createdAt })
    .from(oauthIdentities)
    .where(eq(oauthIdentities.userId, userId));
  const favourites = await db
    .select({ id: robots.id, key: robots.key, name: robots.name, at: favorites.createdAt })
    .from(favorites)
    .innerJoin(robots, eq(robots.id, favorites.robotId))
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt));
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const [wallet] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  const ledger = await db
    .select()
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId))
    .orderBy(asc(walletLedger.id));
  const ownOrders = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  return {
    profile: {
      uid: user.id,
      key: user.key,
      name: user.name,
      email: user.email,
      email_verified: user.emailVerified,
      sex: user.sex,
      face: user.face,
      created_at: iso(user.createdAt),
    },
    persona: { name: user.personaName, description: user.personaDescription },
    sign_in: {
      password: user.passwordHash !== null,
      providers: identities.map((i) => ({ provider: i.provider, email: i.email, since: iso(i.since) })),
    },
    favourites: favourites.map((f) => ({ id: f.id, key: f.key, name: f.name, favourited_at: iso(f.at) })),
    subscription: subscription
      ? {
          product_id: subscription.productId,
          status: subscription.status === 1 ? "renewing" : "cancelled",
          current_period_end: iso(subscription.currentPeriodEnd),
          provider: subscription.provider,
        }
      : null,
    wallet: {
      balance: wallet?.balance ?? 0,
      ledger: ledger.map((e) => ({
        delta: e.delta,
        balance_after: e.balanceAfter,
        reason: e.reason,
        reference: e.reference,
        created_at: iso(e.createdAt),
      })),
    },
    orders: ownOrders.map((o) => ({
      order_code: o.orderCode,
      kind: o.kind,
      product: o.productName,
      money: o.money,
      currency: o.currency,
      status: o.status,
      created_at: iso(o.createdAt),
      paid_at: iso(o.paidAt),
    })),
  };
}
