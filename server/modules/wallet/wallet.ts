import { and, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import { walletLedger, wallets } from "../../db/schema";
import type { Db } from "../../db/types";

/**
 * The coin wallet: an append-only ledger with a unique reference per entry, and a balance row changed in the same
 * transaction. Spends use a conditional update (balance >= amount), so concurrent spends never overspend; a
 * reference that was already used changes nothing, so retries and replays never count twice.
 */
export type SpendResult =
  | { status: "spent"; balance: number }
  | { status: "duplicate"; balance: number }
  | { status: "insufficient"; balance: number };

export type CreditResult = { status: "credited" | "duplicate"; balance: number };

export async function getBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balance ?? 0;
}

async function referenceUsed(db: Db, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: walletLedger.id })
    .from(walletLedger)
    .where(eq(walletLedger.reference, reference));
  return row !== undefined;
}

/** Thrown inside a transaction to roll it back when the ledger reference turned out to be taken meanwhile. */
class DuplicateReference extends Error {}

/**
 * Takes amount coins (> 0) from the user's wallet. Pass a transaction to make the spend part of a larger change:
 * then a duplicate reference is reported, not rolled back (the caller decides).
 */
export async function spendCoins(
  db: Db,
  userId: string,
  amount: number,
  reason: string,
  reference: string,
): Promise<SpendResult> {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`spendCoins: amount must be a positive integer, got ${amount}`);
  try {
    return await db.transaction(async (tx) => {
      if (await referenceUsed(tx, reference))
        return { status: "duplicate", balance: await getBalance(tx, userId) } as const;
      const [row] = await tx
        .update(wallets)
        .set({ balance: sql`${wallets.balance} - ${amount}`, updatedAt: new Date() })
        .where(and(eq(wallets.userId, userId), gte(wallets.balance, amount)))
        .returning({ balance: wallets.balance });
      if (!row) return { status: "insufficient", balance: await getBalance(tx, userId) } as const;
      const inserted = await tx
        .insert(walletLedger)
        .values({ userId, delta: -amount, balanceAfter: row.balance, reason, reference })
        .onConflictDoNothing({ target: walletLedger.reference })
        .returning({ id: walletLedger.id });
      if (inserted.length === 0) throw new DuplicateReference();
      return { status: "spent", balance: row.balance } as const;
    });
  } catch (err) {
    if (err instanceof DuplicateReference) return { status: "duplicate", balance: await getBalance(db, userId) };
    throw err;
  }
}

/** Adds amount coins (> 0), creating the wallet on first use. A reference already in the ledger changes nothing. */
export async function creditCoins(
  db: Db,
  userId: string,
  amount: number,
  reason: string,
  reference: string,
): Promise<CreditResult> {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`creditCoins: amount must be a positive integer, got ${amount}`);
  try {
    return await db.transaction(async (tx) => {
      if (await referenceUsed(tx, reference))
        return { status: "duplicate", balance: await getBalance(tx, userId) } as const;
      const [row] = await tx
        .insert(wallets)
        .values({ userId, balance: amount })
        .onConflictDoUpdate({
          target: wallets.userId,
          set: { balance: sql`${wallets.balance} + ${amount}`, updatedAt: new Date() },
        })
        .returning({ balance: wallets.balance });
      const balance = row!.balance;
      const inserted = await tx
        .insert(walletLedger)
        .values({ userId, delta: amount, balanceAfter: balance, reason, reference })
        .onConflictDoNothing({ target: walletLedger.reference })
        .returning({ id: walletLedger.id });
      if (inserted.length === 0) throw new DuplicateReference();
      return { status: "credited", balance } as const;
    });
  } catch (err) {
    if (err instanceof DuplicateReference) return { status: "duplicate", balance: await getBalance(db, userId) };
    throw err;
  }
}

/** Both drivers answer a raw statement with `rows`; bigint comes back as text from node-postgres. */
const creditedRows = z.object({ rows: z.array(z.object({ balance: z.union([z.string(), z.number()]) })) });

/**
 * creditCoins inside the caller's transaction, for a caller that holds a lock serialising every credit under this
 * reference (fulfilment holds the order's row, and `order:{code}` is only credited there): no savepoint, and one
 * statement instead of five (the wallet upsert runs only when the reference is not in the ledger yet, and the
 * ledger row takes the balance it returned). A reference already in the ledger changes nothing. Should another
 * writer break that contract, the ledger's unique reference fails the statement and with it the whole transaction.
 */
export async function creditCoinsLocked(
  tx: Db,
  userId: string,
  amount: number,
  reason: string,
  reference: string,
): Promise<CreditResult> {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`creditCoinsLocked: amount must be a positive integer, got ${amount}`);
  const result: unknown = await tx.execute(sql`
    with credited as (
      insert into ${wallets} (user_id, balance)
      select ${userId}, ${amount}
      where not exists (select 1 from ${walletLedger} where reference = ${reference})
      on conflict (user_id) do update set balance = ${wallets}.balance + excluded.balance, updated_at = now()
      returning balance
    )
    insert into ${walletLedger} (user_id, delta, balance_after, reason, reference)
    select ${userId}, ${amount}, balance, ${reason}, ${reference} from credited
    returning balance_after as balance`);
  const [row] = creditedRows.parse(result).rows;
  if (!row) return { status: "duplicate", balance: await getBalance(tx, userId) };
  return { status: "credited", balance: Number(row.balance) };
}
