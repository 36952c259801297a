import { randomUUID } from "node:crypto";
import { z } from "zod";
import { isDatabaseUnavailable } from "../../db/database-errors";
import { prepareNamed } from "../../db/named-statement";
import { createStatementBatches } from "../../db/statement-batches";
import { perDatabase } from "../../db/per-database";
import type { Db } from "../../db/types";
import { processInstanceId } from "../instances/process-instance";
import { getBalance } from "../wallet/wallet";
import type { MessageRow } from "./chat-history";
import { CHAT_BATCHES } from "./chat-batches";
import { chatNotFound, findChat } from "./chat-sessions";
import type { ChargeResult, ReplyPrice } from "./metering";
import { turnStatement, turnValues, type TurnRequest } from "./turn-statement";

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
  n: z.coerce.number(),
  id: z.coerce.number().nullable(),
  session_id: z.string().nullable(),
  role: z.string().nullable(),
  content: z.string().nullable(),
  status: z.string().nullable(),
  model_key: z.string().nullable(),
  coins_spent: z.coerce.number().nullable(),
  charge_kind: z.string().nullable(),
  shown_length: z.coerce.number().nullable(),
  instance_id: z.string().nullable(),
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
 * The turn in ONE statement (turn-statement.ts): the charge, the chat (created on the first message, or touched),
 * the user's message and the assistant row being written (status `streaming`); it says whether this is the chat's
 * first message, which the caller counts for the character (chat-count-tally.ts). A refused charge writes nothing,
 * so a refused first message leaves no empty chat; so does an error anywhere.
 *
 * It was a transaction of six statements (bench/README.md, "Chat relay"): a pooled connection was held for six
 * round trips, each waiting for a busy event loop, and the character's row stayed locked by the chat count until
 * the commit, so every first chat with one character queued behind the one before.
 *
 * Turns that arrive while others are being stored are stored together, one statement for the lot (statement-
 * batches.ts): under a crowd every statement woke a Postgres backend that took the core from the server's thread.
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
  const turn = {
    userId: input.userId,
    chatId: chat.id,
    robotId: input.robotId,
    modelKey: input.modelKey,
    message: input.message,
    coins: price.kind === "coins" ? price.coins : 0,
  };
  const batches = turnBatchesOf(db, price.kind, chat.existing);
  const answer = await batches({ turn, day: input.day, dailyLimit: input.dailyLimit });
  const user = answer.find((r) => r.role === "user");
  const assistant = answer.find((r) => r.role === "assistant");
  const paidRow = answer[0];
  if (!user || !assistant || !paidRow) {
    if (paidRow && !paidRow.chat_live) throw chatNotFound();
    if (price.kind !== "coins") throw new ChargeRefused({ ok: false, reason: "allowance", balance: null });
    let balance = paidRow?.balance_before ?? 0;
    // Enough by the statement's snapshot, refused by its update: a spend of the same user's committed meanwhile
    // (another reply sent at once). The user is told the balance that spend left, not the one it found.
    if (balance >= price.coins) balance = await getBalance(db, input.userId);
    throw new ChargeRefused({ ok: false, reason: "coins", balance });
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

/** A turn waiting for its batch, with the values its statement shares with the others. */
interface QueuedTurn {
  turn: TurnRequest;
  day: string;
  dailyLimit: number;
}
type TurnBatches = (queued: QueuedTurn) => Promise<TurnRow[]>;

const batchesOf = perDatabase(() => new Map<string, TurnBatches>());

/**
 * The batches of turns that share a statement: the same kind of price and chat (the statement's text, built once
 * per database with every value a placeholder).
 */
function turnBatchesOf(db: Db, kind: ReplyPrice["kind"], existing: boolean): TurnBatches {
  const name = `kewl_store_turns_${kind}_${existing ? "existing" : "new"}`;
  const all = batchesOf(db);
  let batches = all.get(name);
  if (batches) return batches;
  const statement = prepareNamed(db, name, turnStatement(kind, existing));
  /** One statement for turns of one day and daily limit; each turn's rows at its place. */
  const run = async (group: QueuedTurn[]): Promise<TurnRow[][]> => {
    const { day, dailyLimit } = group[0]!;
    const values = turnValues(
      group.map((q) => q.turn),
      { kind, day, dailyLimit, now: new Date(), instanceId: processInstanceId() },
    );
    const rows = turnAnswer.parse(await statement.execute(values)).rows;
    const answers = group.map((): TurnRow[] => []);
    for (const row of rows) answers[row.n - 1]?.push(row);
    return answers;
  };
  const runAlone = (queued: QueuedTurn) => run([queued]).then(([rows]) => rows ?? [], turnError);
  batches = createStatementBatches(
    async (batch: QueuedTurn[]): Promise<(TurnRow[] | Error)[]> => {
      const shared = batch.filter((q) => q.day === batch[0]!.day && q.dailyLimit === batch[0]!.dailyLimit);
      // At midnight (UTC) a batch may hold turns of two days: the odd ones are stored alone.
      if (shared.length < batch.length || batch.length === 1) return Promise.all(batch.map(runAlone));
      try {
        return await run(batch);
      } catch (err) {
        // One turn's failure fails its whole statement, and a failed statement wrote nothing: each turn alone. A
        // database that cannot be reached fails them all at once (database-errors.ts), not once each.
        if (isDatabaseUnavailable(err)) throw err;
        return Promise.all(batch.map(runAlone));
      }
    },
    { ...CHAT_BATCHES, keyOf: (queued) => queued.turn.userId },
  );
  all.set(name, batches);
  return batches;
}

/** A turn's failure as its caller sees it: a foreign-key failure on the messages' chat is a chat deleted meanwhile. */
function turnError(err: unknown): Error {
  if (isMissingChat(err)) return chatNotFound();
  return err instanceof Error ? err : new Error(String(err));
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
    instanceId: row.instance_id,
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
