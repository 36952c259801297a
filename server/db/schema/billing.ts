import { sql } from "drizzle-orm";
import {
  bigint,
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

export interface ProductRight {
  name: string;
  val: string;
}

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
    rights: jsonb("rights").$type<ProductRight[]>().notNull().default([]),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    check("subscription_products_status_ck", sql`${t.status} in (0, 1, 2)`),
    check("subscription_products_money_ck", sql`${t.money} >= 0 and ${t.periodDays} > 0`),
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
    status: smallint("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
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
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    productId: text("product_id").notNull(),
    currency: text("currency").notNull(),
    money: integer("money").notNull(),
    status: text("status").notNull().default("pending"),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_code_uq").on(t.orderCode),
    index("orders_user_idx").on(t.userId, t.createdAt.desc()),
    check("orders_kind_ck", sql`${t.kind} in ('subscription', 'coins')`),
    check("orders_status_ck", sql`${t.status} in ('pending', 'paid', 'cancelled', 'failed')`),
    check("orders_money_ck", sql`${t.money} >= 0`),
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
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_event_uq").on(t.provider, t.eventId)],
);
