import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const subscriptionProducts = pgTable(
  "subscription_products",
  {
    productId: text("product_id").primaryKey(),
    name: text("name").notNull(),
    priceText: text("price_text").notNull(),
    remind: text("remind").notNull().default(""),
    status: smallint("status").notNull().default(1),
    currency: text("currency").notNull().default("USD"),
    money: integer("money").notNull(),
    periodDays: integer("period_days").notNull(),
    /**
     * What the plan buys (server/modules/billing/plan-benefits.ts): chat metering reads these, and the card's
     * rights are derived from them. Lifts the daily free allowance on models whose coin cost is 0.
     */
    unlimitedStandard: boolean("unlimited_standard").notNull().default(false),
    /** Coin cost of premium models for holders, in percent (rounded up, at least 1 coin when the model costs any). */
    premiumCoinPercent: smallint("premium_coin_percent").notNull().default(100),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    check("subscription_products_status_ck", sql`${t.status} in (0, 1, 2)`),
    check("subscription_products_money_ck", sql`${t.money} >= 0 and ${t.periodDays} > 0`),
    check("subscription_products_premium_ck", sql`${t.premiumCoinPercent} between 0 and 100`),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => subscriptionProducts.productId),
    /** 1 active (renewing), 2 cancelled at period end or lapsed (SPEC §3, §4). */
    status: smallint("status").notNull(),
    /** Paid until; the plan's benefits hold while this is in the future, whatever the status. */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    provider: text("provider").notNull(),
    /** The provider's subscription id. */
    providerRef: text("provider_ref"),
    /** The order that started the subscription now held. */
    orderCode: text("order_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_user_uq").on(t.userId),
    check("subscriptions_status_ck", sql`${t.status} in (1, 2)`),
  ],
);

export const coinProducts = pgTable(
  "coin_products",
  {
    productId: text("product_id").primaryKey(),
    name: text("name").notNull(),
    coin: integer("coin").notNull(),
    money: integer("money").notNull(),
    originMoney: integer("origin_money").notNull(),
    currency: text("currency").notNull().default("USD"),
    remind: text("remind").notNull().default(""),
    status: smallint("status").notNull().default(1),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    check("coin_products_status_ck", sql`${t.status} in (0, 1, 2)`),
    check("coin_products_amounts_ck", sql`${t.coin} > 0 and ${t.money} >= 0 and ${t.originMoney} >= ${t.money}`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderCode: text("order_code").notNull(),
    /** Null once the account is deleted: the order stays, anonymised, for accounting (never cascaded away). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    productId: text("product_id").notNull(),
    // What was sold, as it was when the order was made: a later change of the product does not change the order.
    productName: text("product_name").notNull(),
    /** Coin orders: the coins credited when paid. */
    coin: integer("coin"),
    /** Subscription orders: the length of one paid period. */
    periodDays: integer("period_days"),
    currency: text("currency").notNull(),
    money: integer("money").notNull(),
    status: text("status").notNull().default("pending"),
    provider: text("provider").notNull(),
    /** The provider's checkout id, once the payment page exists. */
    providerRef: text("provider_ref"),
    /** The payment page, once the provider made it. */
    redirectUri: text("redirect_uri"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_code_uq").on(t.orderCode),
    index("orders_user_idx").on(t.userId, t.createdAt.desc()),
    check("orders_kind_ck", sql`${t.kind} in ('subscription', 'coins')`),
    check("orders_status_ck", sql`${t.status} in ('pending', 'paid', 'cancelled', 'failed')`),
    check("orders_money_ck", sql`${t.money} >= 0`),
    check(
      "orders_snapshot_ck",
      sql`(${t.kind} = 'coins' and ${t.coin} > 0) or (${t.kind} = 'subscription' and ${t.periodDays} > 0)`,
    ),
  ],
);

export const wallets = pgTable(
  "wallets",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("wallets_balance_ck", sql`${t.balance} >= 0`)],
);

/** Append-only: every balance change has exactly one entry with a unique idempotency reference. */
export const walletLedger = pgTable(
  "wallet_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the account is deleted: the entry stays, anonymised, for accounting (never cascaded away). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    delta: bigint("delta", { mode: "number" }).notNull(),
    balanceAfter: bigint("balance_after", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    reference: text("reference").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallet_ledger_reference_uq").on(t.reference),
    index("wallet_ledger_user_idx").on(t.userId, t.id),
    check("wallet_ledger_balance_ck", sql`${t.balanceAfter} >= 0`),
  ],
);

export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderCode: text("order_code"),
    payload: jsonb("payload").notNull(),
    /** What fulfilment did: applied, ignored or unknown-order (a duplicate delivery is not inserted). */
    outcome: text("outcome"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_events_provider_event_uq").on(t.provider, t.eventId),
    check("payment_events_outcome_ck", sql`${t.outcome} in ('applied', 'ignored', 'unknown-order')`),
  ],
);

/*
 * The sandbox provider's own state (PAYMENT_PROVIDER=sandbox). It stands in for a remote provider, so nothing here
 * references our tables: fulfilment reads it through the PaymentProvider interface, as it reads Stripe.
 */
export const sandboxCheckouts = pgTable(
  "sandbox_checkouts",
  {
    ref: text("ref").primaryKey(),
    orderCode: text("order_code").notNull(),
    /** What the sandbox charges: the order's price when the checkout was made. */
    money: integer("money").notNull(),
    currency: text("currency").notNull(),
    /** Subscription checkouts: a subscription of this period starts when paid. */
    periodDays: integer("period_days"),
    status: text("status").notNull().default("open"),
    subscriptionRef: text("subscription_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sandbox_checkouts_order_uq").on(t.orderCode),
    check("sandbox_checkouts_status_ck", sql`${t.status} in ('open', 'paid', 'expired')`),
  ],
);

export const sandboxSubscriptions = pgTable(
  "sandbox_subscriptions",
  {
    ref: text("ref").primaryKey(),
    orderCode: text("order_code").notNull(),
    periodDays: integer("period_days").notNull(),
    status: text("status").notNull().default("active"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sandbox_subscriptions_due_idx")
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
    check("sandbox_subscriptions_status_ck", sql`${t.status} in ('active', 'ended')`),
    check("sandbox_subscriptions_period_ck", sql`${t.periodDays} > 0`),
  ],
);
