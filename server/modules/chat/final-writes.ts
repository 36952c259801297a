import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { isDatabaseUnavailable } from "../../db/database-errors";
import { runsInProcess } from "../../db/in-process-databases";
import { perDatabase } from "../../db/per-database";
import { createStatementBatches } from "../../db/statement-batches";
import { chatMessages } from "../../db/schema";
import type { Db } from "../../db/types";
import { activeReplyCount } from "./active-replies";
import type { MessageRow } from "./chat-history";
import { COALESCE_MS, coalesceWindowMs } from "./frame-sink";

/** The columns a reply's final write sets; the same for every outcome. */
export interface FinalValues {
  content: string;
  status: "complete" | "partial" | "failed";
  coinsSpent: number;
  promptTokens: number | null;
  completionTokens: number | null;
}

interface FinalWrite extends FinalValues {
  id: number;
}

/** Replies written by one statement: a few hundred kB of text at most. */
const FINAL_WRITE_BATCH = 200;
/** How long a final write waits for others on a database in this process with many replies open (gatherMs). */
export const FINAL_WRITE_GATHER_MS = 25;

/**
 * How long a final write that finds none under way waits for others to go with it. On Postgres, 0 (the end of its
 * turn of the event loop): the replies that end during one statement's round trip already go together in the
 * next. PGlite runs each statement on this thread, so none ends meanwhile and each went alone, 0.5-1 ms each; ten
 * together cost about 0.3 ms a reply (bench/README.md, "Issue 16, sixteenth session"). So there, once more than 25
 * replies are open (where the frame sink's window starts to grow past COALESCE_MS), a final write waits
 * FINAL_WRITE_GATHER_MS for others.
 */
export function gatherMs(db: Db, openReplies: number): number {
  return runsInProcess(db) && coalesceWindowMs(openReplies) > COALESCE_MS ? FINAL_WRITE_GATHER_MS : 0;
}

/** The columns a final write sets, each from `value(column)`: the row set's column or a placeholder of that name. */
const finalColumns = (value: (column: string) => SQL) => ({
  content: value("content"),
  status: value("status"),
  coinsSpent: value("coins_spent"),
  promptTokens: value("prompt_tokens"),
  completionTokens: value("completion_tokens"),
});

/**
 * The final writes of many replies in one statement, built once per database (its one value a placeholder; named,
 * Postgres plans it once per connection). Only rows still `streaming` change: a reply settled by the sweep keeps
 * what the sweep wrote.
 */
function buildFinalWrites(db: Db) {
  return db
    .update(chatMessages)
    .set(finalColumns((column) => sql.raw(`v.${column}`)))
    .from(
      sql`jsonb_to_recordset(${sql.placeholder("rows")}::jsonb) as v(id bigint, content text, status text, coins_spent integer, prompt_tokens integer, completion_tokens integer)`,
    )
    .where(and(eq(chatMessages.id, sql`v.id`), eq(chatMessages.status, "streaming")))
    .returning(getTableColumns(chatMessages))
    .prepare("kewl_reply_final_writes");
}

/**
 * One reply's final write, for a write that goes alone (most of them, unless a crowd's replies end together): an
 * update by primary key. On PGlite under a crowd the row-set statement (jsonb_to_recordset joined to the table) took
 * 1.05 ms for one row, this one 0.64 ms (bench/README.md, "Issue 16, fifteenth session").
 */
function buildFinalWrite(db: Db) {
  return db
    .update(chatMessages)
    .set(finalColumns((column) => sql`${sql.placeholder(column)}`))
    .where(and(eq(chatMessages.id, sql`${sql.placeholder("id")}`), eq(chatMessages.status, "streaming")))
    .returning(getTableColumns(chatMessages))
    .prepare("kewl_reply_final_write");
}

const statementOf = perDatabase(buildFinalWrites);
const singleStatementOf = perDatabase(buildFinalWrite);

/**
 * The rows of writes that go together (null for a reply no longer `streaming`), each in its place. A database that
 * went away fails them all alike (each caller tries again). Any other failure may be one reply's values: each is
 * then written alone, so that it fails only its own reply.
 */
async function writeRows(db: Db, writes: FinalWrite[]): Promise<(MessageRow | null | Error)[]> {
  try {
    const rows =
      writes.length === 1
        ? await singleStatementOf(db).execute(toRecord(writes[0]!))
        : await statementOf(db).execute({ rows: JSON.stringify(writes.map(toRecord)) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return writes.map((write) => byId.get(write.id) ?? null);
  } catch (err) {
    if (writes.length === 1 || isDatabaseUnavailable(err)) throw err;
    return Promise.all(
      writes.map((write) =>
        writeRows(db, [write]).then(
          ([row]) => row ?? null,
          (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure))),
        ),
      ),
    );
  }
}

function toRecord(write: FinalWrite) {
  return {
    id: write.id,
    content: write.content,
    status: write.status,
    coins_spent: write.coinsSpent,
    prompt_tokens: write.promptTokens,
    completion_tokens: write.completionTokens,
  };
}

/**
 * Final writes in this process on one database, one statement at a time (createStatementBatches): the replies that
 * end while one is under way go together in the next (up to FINAL_WRITE_BATCH), so a crowd's replies that end
 * together pay one round trip and one commit between many.
 */
const writerOf = perDatabase((db) =>
  createStatementBatches((writes: FinalWrite[]) => writeRows(db, writes), {
    inFlight: 1,
    maxBatch: FINAL_WRITE_BATCH,
    gatherMs: () => gatherMs(db, activeReplyCount()),
  }),
);

/**
 * A reply's final state (not a refund's: see settle-reply.ts), written with the other replies of this process that
 * end meanwhile. The row as written, or undefined when it was no longer `streaming`.
 */
export async function writeFinal(db: Db, id: number, values: FinalValues): Promise<MessageRow | undefined> {
  return (await writerOf(db)({ ...values, id })) ?? undefined;
}
