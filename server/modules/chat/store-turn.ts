import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { chatDailyUsage, chatMessages, chatSessions, walletLedger, wallets } from "../../db/schema";
import { prepareNamed, type NamedStatement } from "../../db/named-statement";
import { perDatabase } from "../../db/per-database";
import type { Db } from "../../db/types";
import type { MessageRow } from "./chat-history";
import { chatNotFound, findChat } from "./chat-sessions";
import type { ChargeResult, ReplyPrice } from "./metering";

/** Thrown when the reply cannot be paid; nothing was written. */
export class ChargeRefused extends Error {
  constructor(readonly charge: Extract<ChargeResult, { ok: false }>) {
    super("refused");
  }
}

export interface StoredTurn {
  sessionId: string;
  /** The chat's first message from the user: the chat now counts for the character (chat-count-tally.ts). */
  firstMessage: boolean;
  userMessage: MessageRow;
  assistantId: number;
  charge: Extract<ChargeResult, { ok: true }>;
}

export interface TurnInput {
  userId: string;
  robotId: number;
  chat?: { id: string; existing: boolean };
  modelKey: string;
  message: string;
  price: ReplyPrice;
  dailyLimit: number;
  day: string;
}

/** A row of the statement's answer: a stored message (absent when refused) and what the charge left. */
const turnRow = z.object({
  id: z.coerce.number().nullable(),
  session_id: z.string().nullable(),
  role: z.string().nullable(),
  content: z.string().nullable(),
  status: z.string().nullable(),
  model_key: z.string().nullable(),
  coins_spent: z.coerce.number().nullable(),
  charge_kind: z.string().nullable(),
  shown_length: z.coerce.number().nullable(),
  swipe_group: z.coerce.number().nullable(),
  chosen: z.boolean().nullable(),
  prompt_tokens: z.coerce.number().nullable(),
  completion_tokens: z.coerce.number().nullable(),
  created_at: z.coerce.date().nullable(),
  free_used: z.coerce.number().nullable(),
  balance_after: z.coerce.number().nullable(),
  balance_before: z.coerce.number().nullable(),
  chat_live: z.boolean(),
  first_message: z.boolean(),
});
const turnAnswer = z.object({ rows: z.array(turnRow) });
type TurnRow = z.infer<typeof turnRow>;

/**
 * The turn in ONE statement: the charge (a free reply under the daily limit, or coins never below zero with the
 * reply's ledger entry), the chat (created on the first message, or touched), the user's message and the assistant
 * row being written (status `streaming`); it says whether this is the chat's first message, which the caller counts
 * for the character (chat-count-tally.ts). A refused charge writes nothing, so a refused first message leaves no
 * empty chat; so does an error anywhere.
 *
 * It was a transaction of six statements (bench/README.md, "Chat relay"): a pooled connection was held for six
 * round trips, each waiting for a busy event loop, and the character's row stayed locked by the chat count until
 * the commit, so every first chat with one character queued behind the one before. With 1,000 replies sent at once
 * most waited out the pool. Now a connection is held for one round trip, and the character's row is not written.
 *
 * The chat is `chat` when given: an existing one of the user's (`existing`), or a new one created with that id
 * (the reply's lease was taken on it). Without `chat`, the latest chat with the character, created if none.
 */
export async function storeTurn(db: Db, input: TurnInput): Promise<StoredTurn> {
  const { price } = input;
  if (price.kind === "allowance" && input.dailyLimit <= 0) {
    throw new ChargeRefused({ ok: false, reason: "allowance", balance: null });
  }
  const chat = input.chat ?? (await latestOrNew(db, input.userId, input.robotId));
  let answer: TurnRow[];
  try {
    const statement = turnStatementFor(db, input.price.kind, chat.existing);
    answer = turnAnswer.parse(await statement.execute(turnValues(input, chat))).rows;
  } catch (err) {
    // The chat was deleted between the charge's check and the message insert: nothing was written.
    if (isMissingChat(err)) throw chatNotFound();
    throw err;
  }
  const user = answer.find((r) => r.role === "user");
  const assistant = answer.find((r) => r.role === "assistant");
  const paidRow = answer[0];
  if (!user || !assistant || !paidRow) {
    if (paidRow && !paidRow.chat_live) throw chatNotFound();
    const balance = paidRow?.balance_before ?? null;
    throw new ChargeRefused({
      ok: false,
      reason: price.kind === "coins" ? "coins" : "allowance",
      balance: price.kind === "coins" ? (balance ?? 0) : null,
    });
  }
  const charge: Extract<ChargeResult, { ok: true }> =
    price.kind === "coins"
      ? { ok: true, coins: price.coins, balance: paidRow.balance_after, freeUsed: null }
      : price.kind === "allowance"
        ? { ok: true, coins: 0, balance: null, freeUsed: paidRow.free_used }
        : { ok: true, coins: 0, balance: null, freeUsed: null };
  return {
    sessionId: chat.id,
    firstMessage: paidRow.first_message,
    userMessage: toMessageRow(user),
    assistantId: assistant.id!,
    charge,
  };
}

const statementsOf = perDatabase(() => new Map<string, NamedStatement>());

/** The turn's statement for its kind of price and chat, built once per database (every value a placeholder). */
function turnStatementFor(db: Db, kind: ReplyPrice["kind"], existing: boolean): NamedStatement {
  const name = `kewl_store_turn_${kind}_${existing ? "existing" : "new"}`;
  const built = statementsOf(db);
  let statement = built.get(name);
  if (!statement) built.set(name, (statement = prepareNamed(db, name, turnStatement(kind, existing))));
  return statement;
}

/** The values of turnStatement's placeholders for one turn. */
function turnValues(input: TurnInput, chat: { id: string; existing: boolean }): Record<string, unknown> {
  const coins = input.price.kind === "coins" ? input.price.coins : 0;
  return {
    userId: input.userId,
    chatId: chat.id,
    robotId: input.robotId,
    modelKey: input.modelKey,
    message: input.message,
    chargeKind: input.price.kind,
    day: input.day,
    dailyLimit: input.dailyLimit,
    coins,
    delta: -coins,
    now: new Date(),
  };
}

/** The statement for one turn; its text depends only on the price's kind and whether the chat exists (its name). */
function turnStatement(kind: ReplyPrice["kind"], existing: boolean): SQL {
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const userId = sql`${value("userId")}::uuid`;
  const chatId = sql`${value("chatId")}::uuid`;
  const now = sql`${value("now")}::timestamptz`;
  const modelKey = sql`${value("modelKey")}::text`;
  // The chat must still be the user's before anything is charged (it may have been deleted since it was read).
  const chatLive = existing
    ? sql`exists (select 1 from ${chatSessions} where id = ${chatId} and user_id = ${userId})`
    : sql`true`;
  const paid =
    kind === "allowance"
      ? sql`insert into ${chatDailyUsage} (user_id, day, free_replies)
          select ${userId}, ${value("day")}::date, 1 where ${chatLive}
          on conflict (user_id, day) do update set free_replies = ${chatDailyUsage}.free_replies + 1
            where ${chatDailyUsage}.free_replies < ${value("dailyLimit")}::integer
          returning free_replies as free_used, null::bigint as balance_after`
      : kind === "coins"
        ? sql`update ${wallets} set balance = balance - ${value("coins")}::bigint, updated_at = ${now}
          where user_id = ${userId} and balance >= ${value("coins")}::bigint and ${chatLive}
          returning null::integer as free_used, balance as balance_after`
        : sql`select null::integer as free_used, null::bigint as balance_after where ${chatLive}`;
  const session = existing
    ? sql`update ${chatSessions} set model_key = ${modelKey}, last_message_at = ${now}
        where id = ${chatId} and user_id = ${userId} and exists (select 1 from paid)
        returning id`
    : sql`insert into ${chatSessions} (id, user_id, robot_id, model_key, last_message_at)
        select ${chatId}, ${userId}, ${value("robotId")}::bigint, ${modelKey}, ${now}
        where exists (select 1 from paid)
        returning id`;
  const ledger =
    kind === "coins"
      ? sql`, ledger as (
          insert into ${walletLedger} (user_id, delta, balance_after, reason, reference)
          select ${userId}, ${value("delta")}::bigint, paid.balance_after, 'chat reply', 'chat-reply:' || messages.id
          from paid cross join messages where messages.role = 'assistant'
          returning id
        )`
      : sql``;
  return sql`
    with paid as (${paid}),
    session as (${session}),
    messages as (
      insert into ${chatMessages} (session_id, role, content, status, model_key, charge_kind)
      select session.id, m.role, m.content, m.status, ${modelKey}, m.charge_kind
      from session cross join (values
        (1, 'user', ${value("message")}::text, 'complete', null::text),
        (2, 'assistant', '', 'streaming', ${value("chargeKind")}::text)
      ) as m(n, role, content, status, charge_kind)
      order by m.n
      returning *
    )${ledger}
    select messages.*, paid.free_used, paid.balance_after,
      (select balance from ${wallets} where user_id = ${userId}) as balance_before, ${chatLive} as chat_live,
      not exists (select 1 from ${chatMessages} where session_id = ${chatId} and role = 'user') as first_message
    from (select 1) as one
      left join messages on true
      left join paid on true`;
}

function toMessageRow(row: TurnRow): MessageRow {
  return {
    id: row.id!,
    sessionId: row.session_id!,
    role: row.role!,
    content: row.content!,
    status: row.status!,
    modelKey: row.model_key,
    coinsSpent: row.coins_spent ?? 0,
    chargeKind: row.charge_kind,
    shownLength: row.shown_length,
    swipeGroup: row.swipe_group,
    chosen: row.chosen ?? true,
    promptTokens: row.prompt_tokens,
    completionTokens: row.completion_tokens,
    createdAt: row.created_at!,
  };
}

/** A foreign-key failure on the messages' chat: the chat was deleted while the statement ran. */
function isMissingChat(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "23503") return true;
  }
  return false;
}

async function latestOrNew(db: Db, userId: string, robotId: number): Promise<{ id: string; existing: boolean }> {
  const latest = await findChat(db, userId, { robotId });
  return latest ? { id: latest.id, existing: true } : { id: randomUUID(), existing: false };
}
