import { sql, type SQL } from "drizzle-orm";
import { chatDailyUsage, chatMessages, chatSessions, walletLedger, wallets } from "../../db/schema";
import type { ReplyPrice } from "./metering";

/** One turn of a batch: its values, each an array's element in turnStatement's placeholders. */
export interface TurnRequest {
  userId: string;
  chatId: string;
  robotId: number;
  modelKey: string;
  message: string;
  /** Coins the reply costs (0 unless its price is in coins). */
  coins: number;
}

/** turnStatement's placeholders for a batch (every user in it a different one) and the batch's shared values. */
export function turnValues(
  batch: TurnRequest[],
  shared: { kind: ReplyPrice["kind"]; day: string; dailyLimit: number; now: Date; instanceId: string },
): Record<string, unknown> {
  return {
    userIds: batch.map((t) => t.userId),
    chatIds: batch.map((t) => t.chatId),
    robotIds: batch.map((t) => t.robotId),
    modelKeys: batch.map((t) => t.modelKey),
    messages: batch.map((t) => t.message),
    coins: batch.map((t) => t.coins),
    chargeKind: shared.kind,
    day: shared.day,
    dailyLimit: shared.dailyLimit,
    now: shared.now,
    instanceId: shared.instanceId,
  };
}

/**
 * The turns of a batch in ONE statement, each as it would be alone: the charge (a free reply under the daily
 * limit, or coins never below zero with the reply's ledger entry), the chat (created on the first message, or
 * touched), the user's message and the assistant row being written (status `streaming`). A turn whose charge is
 * refused, or whose chat is no longer the user's, writes nothing.
 *
 * Its answer has the batch's place `n` (from 1) on every row: the turn's two messages, or one row without a message
 * when it wrote nothing, with what the charge left, the balance before it, whether the chat was live and whether
 * this is the chat's first user message.
 *
 * The users of a batch must all differ: the charge's upsert and update touch one row per user, and Postgres refuses
 * (or, for the update, ignores) a second change to a row in one statement. The text depends only on the price's
 * kind and whether the chats exist (the statement's name).
 */
export function turnStatement(kind: ReplyPrice["kind"], existing: boolean): SQL {
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const now = sql`${value("now")}::timestamptz`;
  const turns = sql`select * from unnest(${value("userIds")}::uuid[], ${value("chatIds")}::uuid[], ${value("robotIds")}::bigint[],
      ${value("modelKeys")}::text[], ${value("messages")}::text[], ${value("coins")}::bigint[])
    with ordinality as t(user_id, chat_id, robot_id, model_key, message, coins, n)`;
  // Every row a turn reads or changes is found through an index by the turn's own keys, whatever the planner
  // guesses of the tables' sizes: the chat's and the first message's checks are scalar subqueries, run per turn,
  // and the rows updated are also matched against the batch's keys (`= any`, an index condition). Written as
  // `exists` and plain joins, Postgres could plan one scan of a whole table for the batch, and PGlite, whose tables
  // went unanalysed (pglite-auto-analyze.ts), kept such plans as the tables grew (bench/README.md, issue 16,
  // eighteenth session).
  //
  // The chat must still be the user's before anything is charged (it may have been deleted since it was read).
  const chatLive = (t: string) =>
    existing
      ? sql`(select 1 from ${chatSessions} c where c.id = ${sql.raw(t)}.chat_id and c.user_id = ${sql.raw(t)}.user_id) is not null`
      : sql`true`;
  const paid =
    kind === "allowance"
      ? sql`insert into ${chatDailyUsage} (user_id, day, free_replies)
          select turns.user_id, ${value("day")}::date, 1 from turns where ${chatLive("turns")}
          on conflict (user_id, day) do update set free_replies = ${chatDailyUsage}.free_replies + 1
            where ${chatDailyUsage}.free_replies < ${value("dailyLimit")}::integer
          returning user_id, free_replies as free_used, null::bigint as balance_after`
      : kind === "coins"
        ? sql`update ${wallets} w set balance = w.balance - turns.coins, updated_at = ${now}
          from turns where w.user_id = turns.user_id and w.user_id = any(${value("userIds")}::uuid[])
            and w.balance >= turns.coins and ${chatLive("turns")}
          returning w.user_id, null::integer as free_used, w.balance as balance_after`
        : sql`select turns.user_id, null::integer as free_used, null::bigint as balance_after
          from turns where ${chatLive("turns")}`;
  const session = existing
    ? sql`update ${chatSessions} s set model_key = turns.model_key, last_message_at = ${now}
        from turns join paid on paid.user_id = turns.user_id
        where s.id = turns.chat_id and s.id = any(${value("chatIds")}::uuid[]) and s.user_id = turns.user_id
        returning s.id`
    : sql`insert into ${chatSessions} (id, user_id, robot_id, model_key, last_message_at)
        select turns.chat_id, turns.user_id, turns.robot_id, turns.model_key, ${now}
        from turns join paid on paid.user_id = turns.user_id
        returning id`;
  const ledger =
    kind === "coins"
      ? sql`, ledger as (
          insert into ${walletLedger} (user_id, delta, balance_after, reason, reference)
          select turns.user_id, -turns.coins, paid.balance_after, 'chat reply', 'chat-reply:' || messages.id
          from turns join paid on paid.user_id = turns.user_id
            join messages on messages.session_id = turns.chat_id and messages.role = 'assistant'
          returning id
        )`
      : sql``;
  // A new chat's message is its first.
  const firstMessage = existing
    ? sql`(select 1 from ${chatMessages} where session_id = turns.chat_id and role = 'user' limit 1) is null`
    : sql`true`;
  return sql`
    with turns as (${turns}),
    paid as (${paid}),
    session as (${session}),
    messages as (
      insert into ${chatMessages} (session_id, role, content, status, model_key, charge_kind, instance_id)
      select session.id, m.role, case when m.n = 1 then turns.message else '' end, m.status, turns.model_key,
        m.charge_kind, m.instance_id
      from turns join session on session.id = turns.chat_id cross join (values
        (1, 'user', 'complete', null::text, null::text),
        (2, 'assistant', 'streaming', ${value("chargeKind")}::text, ${value("instanceId")}::text)
      ) as m(n, role, status, charge_kind, instance_id)
      order by turns.n, m.n
      returning *
    )${ledger}
    select turns.n, messages.*, paid.free_used, paid.balance_after,
      (select balance from ${wallets} where user_id = turns.user_id) as balance_before, ${chatLive("turns")} as chat_live,
      ${firstMessage} as first_message
    from turns
      left join messages on messages.session_id = turns.chat_id
      left join paid on paid.user_id = turns.user_id
    order by turns.n, messages.id`;
}
