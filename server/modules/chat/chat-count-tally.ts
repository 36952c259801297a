import { sql } from "drizzle-orm";
import { databaseErrorMessage } from "../../db/database-errors";
import { perDatabase } from "../../db/per-database";
import { robots } from "../../db/schema";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";

/** How long a chat started waits to be added to its character's count, with the others started meanwhile. */
export const CHAT_COUNT_FLUSH_MS = 1000;
/** Failed writes in a row (about a minute) after which the waiting counts are given up, said in the log. */
export const CHAT_COUNT_MAX_ATTEMPTS = 60;

/**
 * The chats started with each character in this process, added to `robots.chat_count` in one statement a second.
 *
 * The count was an update of the character's row in every chat's first turn. `chat_count` is in
 * `robots_popular_idx`, so each such update wrote a new version of the row into every index of `robots` (three
 * GIN indexes among them), and it held the row's lock to the commit: every first chat with a popular character
 * queued behind the one before. With 1,000 first chats at once that was 0.9 ms of Postgres's CPU per reply and
 * 12 ms per turn statement, mostly waiting (bench/README.md, issue 16, fourth session). A process that dies loses
 * the counts of its last second at most: the count orders the catalogue, it is not money.
 */
class ChatCountTally {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | null = null;
  private failures = 0;
  /** The latest caller's: the one to tell of a failed write. */
  logger: Logger | undefined;

  constructor(private readonly db: Db) {}

  add(robotId: number): void {
    this.pending.set(robotId, (this.pending.get(robotId) ?? 0) + 1);
    this.schedule();
  }

  /** Writes what is waiting now (and waits for a write under way); never rejects. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing) await this.writing;
    if (this.pending.size === 0) return;
    const counts = [...this.pending].sort(([a], [b]) => a - b);
    this.pending = new Map();
    this.writing = this.write(counts).finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  private schedule(): void {
    if (this.timer || this.pending.size === 0) return;
    this.timer = setTimeout(() => void this.flush(), CHAT_COUNT_FLUSH_MS);
    this.timer.unref();
  }

  private async write(counts: Array<[number, number]>): Promise<void> {
    const rows = counts.map(([id, n]) => ({ id, n }));
    try {
      // Sorted by id, so two processes adding to the same characters usually lock the rows in the same order; a
      // deadlock between them fails one write, whose counts wait for the next second like any failed write's.
      await this.db.execute(sql`
        update ${robots} as r set chat_count = r.chat_count + v.n
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, n bigint)
        where r.id = v.id`);
      this.failures = 0;
    } catch (err) {
      this.failures += 1;
      const chats = counts.reduce((sum, [, n]) => sum + n, 0);
      if (this.failures >= CHAT_COUNT_MAX_ATTEMPTS) {
        this.failures = 0;
        this.logger?.error("chat counts not saved, given up", { chats, error: databaseErrorMessage(err) });
        return;
      }
      if (this.failures === 1)
        this.logger?.warn("chat counts not saved, trying again", { chats, error: databaseErrorMessage(err) });
      for (const [id, n] of counts) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      this.schedule();
    }
  }
}

const tallyOf = perDatabase((db) => new ChatCountTally(db));

/** A chat with the character got its first message: counted within CHAT_COUNT_FLUSH_MS. */
export function countChatStarted(deps: { db: Db; logger: Logger }, robotId: number): void {
  const tally = tallyOf(deps.db);
  tally.logger = deps.logger;
  tally.add(robotId);
}

/** Writes the counts waiting for this database (at shutdown, before it closes; in tests). */
export function flushChatCounts(db: Db): Promise<void> {
  return tallyOf(db).flush();
}
