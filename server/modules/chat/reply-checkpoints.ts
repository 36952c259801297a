import { and, eq } from "drizzle-orm";
import { databaseErrorMessage } from "../../db/database-errors";
import { chatMessages } from "../../db/schema";
import type { ChatDeps } from "./chat-context";

export interface ReplyCheckpoints {
  /** The reply's text so far; saved at the next checkpoint if it changed. */
  set(text: string): void;
  /** No more checkpoints: the reply's final write follows. */
  stop(): void;
}

/**
 * Saves the text of a reply being streamed into its row (still `streaming`) every CHAT_CHECKPOINT_MS while it
 * grows, so a reply whose final write fails (the database went away) or whose process dies keeps what the user
 * saw up to the last checkpoint: the interrupted-reply sweep stores that as partial, and keeps its charge. A
 * checkpoint runs beside the stream (no piece waits for it), one at a time; one that fails is tried again at the
 * next tick. A late one cannot undo the final write: it only changes a row that is still `streaming`.
 */
export function startCheckpoints(deps: ChatDeps, messageId: number): ReplyCheckpoints {
  const every = deps.config.CHAT_CHECKPOINT_MS;
  if (every <= 0) return { set: () => undefined, stop: () => undefined };
  let text = "";
  let saved = "";
  let saving = false;
  let warned = false;
  const save = () => {
    if (saving || text === saved) return;
    saving = true;
    const snapshot = text;
    deps.db
      .update(chatMessages)
      .set({ content: snapshot })
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, "streaming")))
      .then(
        () => {
          saved = snapshot;
        },
        (err: unknown) => {
          if (!warned)
            deps.logger.warn("chat reply checkpoint failed", {
              message_id: messageId,
              error: databaseErrorMessage(err),
            });
          warned = true;
        },
      )
      .finally(() => {
        saving = false;
      });
  };
  const timer = setInterval(save, every);
  timer.unref();
  return {
    set: (next) => {
      text = next;
    },
    stop: () => clearInterval(timer),
  };
}
