import { and, asc, eq, lt, sql } from "drizzle-orm";
import { chatMessages, chatSessions, walletLedger } from "../../db/schema";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import { refundReply, usageDay } from "./metering";
import { keepShownText } from "./shown-text";

/** Longer than any reply can stream (first-token and idle timeouts end a stuck one), and than the reply lease. */
export const INTERRUPTED_AFTER_MS = 15 * 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;
const BATCH = 200;

/**
 * A reply whose process died while it streamed, or whose final write failed while the database was unavailable,
 * stays `streaming`: hidden from the history, and paid for. Once it is older than any live reply can be, it is
 * settled. With text (saved by the reply's checkpoints) it becomes partial and keeps its charge: the user saw
 * that answer. Without, it is marked failed and what it cost goes back: its coins (the ledger's spend for it,
 * refunded under its own reference) or its free reply of that day. Each row is settled in one transaction that
 * only the first instance to flip it runs, so a refund never happens twice.
 */
export async function settleInterruptedReplies(
  db: Db,
  options: { olderThanMs?: number; now?: Date } = {},
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.olderThanMs ?? INTERRUPTED_AFTER_MS));
  let settled = 0;
  for (;;) {
    const stale = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.status, "streaming"), lt(chatMessages.createdAt, cutoff)))
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

/** Settles interrupted replies now and every few minutes until the returned stop() is called. */
export function sweepInterruptedReplies(db: Db, logger: Logger): () => void {
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
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
