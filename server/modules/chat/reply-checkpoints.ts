import { sql } from "drizzle-orm";
import { databaseErrorMessage } from "../../db/database-errors";
import { perDatabase } from "../../db/per-database";
import { chatMessages } from "../../db/schema";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import type { ChatDeps } from "./chat-context";

export interface ReplyCheckpoints {
  /** The reply's text so far; saved at the next checkpoint if it changed. */
  set(text: string): void;
  /** No more checkpoints: the reply's final write follows. */
  stop(): void;
}

/** Replies written by one checkpoint statement: a few hundred kB of text at most. */
export const CHECKPOINT_BATCH = 500;

interface Entry {
  text: string;
  saved: string;
}

/**
 * The checkpoints of every reply streaming in this process on one database, written together: each tick, one
 * statement per CHECKPOINT_BATCH replies whose text grew, instead of one statement per reply. With 1,000 replies
 * open and a 3 s interval, per-reply checkpoints were 333 statements a second, each holding one of the pool's
 * connections for a round trip that new replies were waiting for.
 */
class CheckpointWriter {
  private readonly entries = new Map<number, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private writing = false;
  private warned = false;
  /** A reply's first text is waiting for a tick of its own (soon). */
  private early = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly every: number,
  ) {}

  track(messageId: number): ReplyCheckpoints {
    const entry: Entry = { text: "", saved: "" };
    this.entries.set(messageId, entry);
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.every);
      this.timer.unref();
    }
    return {
      set: (text) => {
        // The first text is saved at once, with the first texts of the replies that began meanwhile: a reply cut
        // by a crash keeps what its reader saw from the start, not only from the first interval on.
        if (entry.text === "" && text !== "") this.soon();
        entry.text = text;
      },
      stop: () => {
        if (this.entries.get(messageId) !== entry) return;
        this.entries.delete(messageId);
        if (this.entries.size === 0) {
          clearInterval(this.timer);
          this.timer = undefined;
        }
      },
    };
  }

  /** A tick in a turn of the event loop of its own, or right after the one being written. */
  private soon(): void {
    if (this.early) return;
    this.early = true;
    if (!this.writing) setImmediate(() => void this.tick(true));
  }

  /**
   * One tick: the replies whose text changed since their last checkpoint (with `firstOnly`, those with none yet); one
   * at a time (a slow one skips ticks).
   */
  private async tick(firstOnly = false): Promise<void> {
    if (this.writing) return;
    if (firstOnly) this.early = false;
    const due: Array<[number, Entry, string]> = [];
    for (const [id, entry] of this.entries)
      if (entry.text !== entry.saved && (!firstOnly || entry.saved === "")) due.push([id, entry, entry.text]);
    if (due.length === 0) return;
    this.writing = true;
    try {
      for (let from = 0; from < due.length; from += CHECKPOINT_BATCH) {
        const batch = due.slice(from, from + CHECKPOINT_BATCH);
        try {
          await this.write(batch.map(([id, , text]) => ({ id, content: text })));
          for (const [, entry, text] of batch) entry.saved = text;
          this.warned = false;
          this.logger.debug("chat reply checkpoints saved", { replies: batch.length, first: firstOnly });
        } catch (err) {
          // Tried again at the next tick; said once until one succeeds.
          if (!this.warned)
            this.logger.warn("chat reply checkpoint failed", {
              replies: batch.length,
              error: databaseErrorMessage(err),
            });
          this.warned = true;
        }
      }
    } finally {
      this.writing = false;
      if (this.early) setImmediate(() => void this.tick(true));
    }
  }

  /** A late checkpoint cannot undo a final write: it only changes rows still `streaming`. */
  private async write(rows: Array<{ id: number; content: string }>): Promise<void> {
    await this.db.execute(sql`
      update ${chatMessages} as m set content = v.content
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, content text)
      where m.id = v.id and m.status = 'streaming'`);
  }
}

/** Each database's writers, by interval. */
const writersOf = perDatabase(() => new Map<number, CheckpointWriter>());

/**
 * Saves the text of a reply being streamed into its row (still `streaming`) every CHAT_CHECKPOINT_MS while it
 * grows, so a reply whose final write fails (the database went away) or whose process dies keeps what the user
 * saw up to the last checkpoint: the interrupted-reply sweep stores that as partial, and keeps its charge. A
 * checkpoint runs beside the stream (no piece waits for it), together with the other replies' (CheckpointWriter);
 * one that fails is tried again at the next tick.
 */
export function startCheckpoints(
  deps: Pick<ChatDeps, "db" | "config" | "logger">,
  messageId: number,
): ReplyCheckpoints {
  const every = deps.config.CHAT_CHECKPOINT_MS;
  if (every <= 0) return { set: () => undefined, stop: () => undefined };
  const byInterval = writersOf(deps.db);
  let writer = byInterval.get(every);
  if (!writer) byInterval.set(every, (writer = new CheckpointWriter(deps.db, deps.logger, every)));
  return writer.track(messageId);
}
