import { and, asc, eq, sql } from "drizzle-orm";
import { chatMessages, chatSessions, serverInstances, walletLedger } from "../../db/schema";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import { refundReply, usageDay } from "./metering";
import { keepShownText } from "./shown-text";

/**
 * Replies written by a build that did not record its process (instance_id null) are taken as cut once older than any
 * reply can stream (first-token and idle timeouts end a stuck one).
 */
export const INTERRUPTED_AFTER_MS = 15 * 60_000;
/** A reply's row is this old at least before a sweep looks at its process: its process's row exists by then. */
const GRACE_MS = 5000;
const BATCH = 200;

/**
 * The replies left `streaming` by a process that is gone: its server_instances row has lapsed or was removed
 * (instance-heartbeat.ts), or, for a row with no process, older than INTERRUPTED_AFTER_MS.
 */
function orphaned(now: Date | undefined, olderThanMs: number) {
  // The database's clock by default, the one the instances' rows are timed by.
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const ago = (ms: number) => sql`${at} - ${`${ms} milliseconds`}::interval`;
  return and(
    eq(chatMessages.status, "streaming"),
    sql`${chatMessages.createdAt} < ${ago(GRACE_MS)}`,
    sql`case when ${chatMessages.instanceId} is null then ${chatMessages.createdAt} < ${ago(olderThanMs)}
      else not exists (select 1 from ${serverInstances} i where i.id = ${chatMessages.instanceId} and i.alive_until > ${at}) end`,
  );
}

/**
 * A reply whose process died while it streamed, or whose final write failed while the database was unavailable,
 * stays `streaming`: hidden from the history, and paid for. Once its process is gone, it is settled. With text
 * (saved by the reply's checkpoints) it becomes partial and keeps its charge: the user saw that answer. Without, it
 * is marked failed and what it cost goes back: its coins (the ledger's spend for it, refunded under its own
 * reference) or its free reply of that day. Each row is settled in one transaction that only the first instance to
 * flip it runs, so a refund never happens twice.
 */
export async function settleInterruptedReplies(
  db: Db,
  options: { olderThanMs?: number; now?: Date } = {},
): Promise<number> {
  const where = orphaned(options.now, options.olderThanMs ?? INTERRUPTED_AFTER_MS);
  let settled = 0;
  for (;;) {
    const stale = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(where)
      .orderBy(asc(chatMessages.createdAt))
      .limit(BATCH);
    for (const { id } of stale) if (await settleOne(db, id)) settled += 1;
    if (stale.length < BATCH) return settled;
  }
}

async function settleOne(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(chatMessages)
      .set({ status: sql`case when ${chatMessages.content} <> '' then 'partial' else 'failed' end`, coinsSpent: 0 })
      .where(and(eq(chatMessages.id, id), eq(chatMessages.status, "streaming")))
      .returning({
        sessionId: chatMessages.sessionId,
        status: chatMessages.status,
        chargeKind: chatMessages.chargeKind,
        createdAt: chatMessages.createdAt,
      });
    if (!row) return false;
    const reference = `chat-reply:${id}`;
    const [spend] =
      row.chargeKind === "coins"
        ? await tx.select({ delta: walletLedger.delta }).from(walletLedger).where(eq(walletLedger.reference, reference))
        : [];
    const coins = spend && spend.delta < 0 ? -spend.delta : 0;
    if (row.status === "partial") {
      if (coins > 0) await tx.update(chatMessages).set({ coinsSpent: coins }).where(eq(chatMessages.id, id));
      // Stopped by the user before its process died: only what their screen showed stays.
      await keepShownText(tx, id);
      return true;
    }
    const [session] = await tx
      .select({ userId: chatSessions.userId })
      .from(chatSessions)
      .where(eq(chatSessions.id, row.sessionId));
    if (!session) return true;
    const day = usageDay(row.createdAt);
    if (coins > 0) await refundReply(tx, { userId: session.userId, price: { kind: "coins", coins }, reference, day });
    else if (row.chargeKind === "allowance")
      await refundReply(tx, { userId: session.userId, price: { kind: "allowance" }, reference, day });
    return true;
  });
}

/** Settles interrupted replies now and every `everyMs` until the returned stop() is called. */
export function sweepInterruptedReplies(db: Db, logger: Logger, everyMs: number): () => void {
  const sweep = () =>
    settleInterruptedReplies(db)
      .then((settled) => {
        if (settled > 0) logger.warn("interrupted chat replies settled", { settled });
      })
      .catch((err: unknown) =>
        logger.error("sweeping interrupted chat replies failed", {
          error: err instanceof Error ? err.message : String(err),
        }),
      );
  // One sweep at a time: a slow one skips ticks rather than running beside the next.
  let sweeping: Promise<void> | null = null;
  const tick = () => {
    sweeping ??= sweep().finally(() => (sweeping = null));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
