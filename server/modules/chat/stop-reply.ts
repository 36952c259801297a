import { setTimeout as wait } from "node:timers/promises";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { ChatStop } from "../../../lib/contracts/chat-client";
import { chatMessages, chatSessions } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";
import type { ChatDeps } from "./chat-context";
import { toChatMessage, type MessageRow } from "./chat-history";
import { INTERRUPTED_AFTER_MS } from "./interrupted-replies";
import { keepShownText } from "./shown-text";
import { readWallet } from "./wallet-summary";

/** How long the answer waits for the reply's own process to write its final row (it saw the stream dropped). */
const SETTLE_WAIT_MS = 3000;
const FIRST_LOOK_MS = 20;
const LONGEST_LOOK_MS = 250;

/**
 * POST /v1/chat_session/stop: the user pressed Stop on a reply and their page showed its first `shownLength`
 * characters. Records that length on the reply (once; only on the user's own replies young enough to still be
 * written) and cuts the stored text to it (shown-text.ts): now if the reply is settled, else when its writer settles
 * it, whichever process that is. The client's number is only ever a length within text the server generated.
 * With `chatId`, the reply must be in that chat of theirs. Answers with the stored reply once settled (null if it is still being written after a few seconds) and the
 * wallet, so the page shows what a refund or a charge did without another request.
 */
export async function stopReply(
  deps: Pick<ChatDeps, "db" | "config">,
  userId: string,
  input: { messageId: number; shownLength: number; chatId?: string | undefined },
  now = new Date(),
): Promise<ChatStop> {
  const { db } = deps;
  const own = and(
    eq(chatMessages.id, input.messageId),
    eq(chatMessages.role, "assistant"),
    inArray(
      chatMessages.sessionId,
      db
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(
          and(
            eq(chatSessions.userId, userId),
            input.chatId === undefined ? undefined : eq(chatSessions.id, input.chatId),
          ),
        ),
    ),
  );
  const [marked] = await db
    .update(chatMessages)
    .set({ shownLength: input.shownLength })
    .where(
      and(
        own,
        isNull(chatMessages.shownLength),
        gt(chatMessages.createdAt, new Date(now.getTime() - INTERRUPTED_AFTER_MS)),
      ),
    )
    .returning({ id: chatMessages.id });
  if (!marked) {
    // Stopped already (a request sent again), or too old to stop: answered as it stands.
    const [row] = await db.select({ id: chatMessages.id }).from(chatMessages).where(own);
    if (!row) throw new AppError(404, 404, "Reply not found");
  }
  const settled = await untilSettled(db, input.messageId);
  const row = settled ? await keepShownText(db, input.messageId) : undefined;
  return {
    message: row && row.status !== "streaming" ? toChatMessage(row) : null,
    wallet: await readWallet(deps, userId),
  };
}

/** The reply once it is no longer `streaming`, looking again at growing intervals; undefined after SETTLE_WAIT_MS. */
async function untilSettled(db: Db, id: number): Promise<MessageRow | undefined> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (let pause = FIRST_LOOK_MS; ; pause = Math.min(pause * 2, LONGEST_LOOK_MS)) {
    const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
    if (!row || row.status !== "streaming") return row;
    if (Date.now() + pause > deadline) return undefined;
    await wait(pause);
  }
}
