import { sql } from "drizzle-orm";
import { z } from "zod";
import { orders, paymentEvents, users, walletLedger, wallets } from "../../db/schema";
import type { Db } from "../../db/types";
import type { PaymentEvent } from "../../providers/payments/types";

const answer = z.object({
  rows: z.array(z.object({ recorded: z.coerce.number(), found: z.coerce.number() })),
});

/**
 * The common event, a paid checkout without a subscription (a coin package), applied in ONE statement instead of a
 * transaction of six: record the event, lock the order's user then the order, credit the coins under
 * `order:{code}` unless the ledger has that reference, mark the order paid. One statement is atomic on its own, so
 * a failure writes nothing, as with the transaction. A concurrent delivery of the same event waits on the event's
 * unique key and then records nothing, so nothing else happens. Two different events about one order (completed,
 * then async_payment_succeeded) are serialised by the order's lock; the later one's ledger check reads the
 * statement's snapshot, so it may miss the earlier credit, and then the ledger's unique reference fails the whole
 * statement: the caller applies that event again in a transaction (fulfilment.ts), which finds the credit. Never a
 * second credit.
 *
 * Answers whether the event was new (recorded) and whether its order exists (found): a deleted account's order
 * (user_id null, kept for accounting) counts as unknown.
 */
export async function applyPaidCoinCheckout(
  db: Db,
  event: PaymentEvent,
  orderCode: string,
  reference: string,
): Promise<{ recorded: boolean; found: boolean }> {
  const result: unknown = await db.execute(sql`
    with recorded as (
      insert into ${paymentEvents} (provider, event_id, type, order_code, payload, outcome)
      values (${event.provider}, ${event.eventId}, ${event.type}, ${orderCode}, ${JSON.stringify(event.payload ?? {})}::jsonb,
        case when exists (select 1 from ${orders} where order_code = ${orderCode} and user_id is not null) then 'applied' else 'unknown-order' end)
      on conflict (provider, event_id) do nothing
      returning id
    ),
    owner as (
      select ${users.id} as id from ${users}
      where ${users.id} = (select user_id from ${orders} where order_code = ${orderCode})
        and exists (select 1 from recorded)
      for update
    ),
    locked as (
      select o.id, o.user_id, o.kind, o.coin, o.status from ${orders} o join owner on owner.id = o.user_id
      where o.order_code = ${orderCode}
      for update of o
    ),
    credited as (
      insert into ${wallets} (user_id, balance)
      select user_id, coin from locked
      where kind = 'coins' and coin > 0
        and not exists (select 1 from ${walletLedger} where reference = ${reference})
      on conflict (user_id) do update set balance = ${wallets}.balance + excluded.balance, updated_at = now()
      returning user_id, balance
    ),
    ledger as (
      insert into ${walletLedger} (user_id, delta, balance_after, reason, reference)
      select credited.user_id, locked.coin, credited.balance, 'coin purchase', ${reference}
      from credited join locked on locked.user_id = credited.user_id
      returning id
    ),
    paid as (
      update ${orders} set status = 'paid', paid_at = coalesce(paid_at, now())
      where id = (select id from locked) and status <> 'paid'
      returning id
    )
    select (select count(*) from recorded) as recorded, (select count(*) from locked) as found,
      (select count(*) from ledger) as ledger, (select count(*) from paid) as paid`);
  const [row] = answer.parse(result).rows;
  return { recorded: (row?.recorded ?? 0) > 0, found: (row?.found ?? 0) > 0 };
}
