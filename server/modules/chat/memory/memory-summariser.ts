import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { MEMORY_SUMMARY_MAX_CHARS } from "../../../../lib/contracts/chat-memory-client";
import { chatMemories, chatMessages } from "../../../db/schema";
import type { Db } from "../../../db/types";
import { LlmError, type LlmMessage } from "../../../providers/llm/types";
import type { ChatDeps } from "../chat-context";
import { estimateTokens } from "../token-estimate";
import {
  retryDelayMs,
  SUMMARIES_PER_PROCESS,
  SUMMARY_BACKLOG_TURNS,
  SUMMARY_BATCHES_PER_RUN,
  SUMMARY_INPUT_MAX_TOKENS,
  SUMMARY_LEASE_MS,
  SUMMARY_TIMEOUT_MS,
} from "./memory-limits";
import { hasUnsummarisedTurns } from "./memory-window";
import { boundSummary, SUMMARY_MAX_OUTPUT_TOKENS, summaryPrompt, turnsWithin } from "./summary-prompt";

/** One chat whose older turns have left the window, and the model that summarises them (the chat's own). */
export interface SummaryJob {
  sessionId: string;
  /** Every message of the chat before this id is out of the prompt. */
  before: number;
  model: { key: string; providerModel: string; contextTokens: number };
  characterName: string;
  userName: string;
}

export type SummaryOutcome = "summarised" | "nothing" | "failed";

type MemoryRow = typeof chatMemories.$inferSelect;
type Turn = LlmMessage & { id: number };

/**
 * Long-term memory, written in the background. After a reply whose prompt left turns out
 * (memory-window.ts), `scheduleMemorySummary` records how far the window has moved and summarises the turns that
 * left it with the chat's model, never on the reply's path and never charged to the user.
 *
 * One summariser per chat at a time, across processes: a run first claims the chat's memory row with a
 * conditional update (`summarising_since` older than the lease, or unset), and releases it when done. A run that
 * cannot claim leaves the work recorded in `summarise_before` for the holder, which looks again before it lets go;
 * within a process, calls for a chat being summarised are folded into one more run after it.
 *
 * Each turn is summarised once: the summary is written together with the id of the newest turn in it, and only
 * while the memory's revision is the one it was written from (an edit by the user in between makes the run do
 * that batch again from the edited text). A failure is logged and retried by a later reply, after a back-off.
 */
const slots = new Map<string, { job: SummaryJob; again: boolean; done: Promise<void> }>();

export function scheduleMemorySummary(deps: ChatDeps, job: SummaryJob): void {
  const slot = slots.get(job.sessionId);
  if (slot) {
    slot.job = job;
    slot.again = true;
    return;
  }
  const next = { job, again: false, done: Promise.resolve() };
  next.done = (async () => {
    try {
      do {
        next.again = false;
        await noteLeftWindow(deps.db, next.job.sessionId, next.job.before);
        await takeTurn();
        try {
          await runMemoryJob(deps, next.job);
        } finally {
          passTurn();
        }
      } while (next.again);
    } catch (err) {
      deps.logger.warn("chat memory: summary not scheduled", { session_id: job.sessionId, error: String(err) });
    } finally {
      slots.delete(job.sessionId);
    }
  })();
  slots.set(job.sessionId, next);
}

/** Resolves once no summary is running in this process (tests wait for it). */
export async function memorySummariesSettled(): Promise<void> {
  while (slots.size > 0) await Promise.all([...slots.values()].map((s) => s.done));
}

/** For shutdown: waits for the running summaries, at most `ms`. One cut short keeps its lease until it expires. */
export async function settleMemorySummaries(ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    memorySummariesSettled(),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

let running = 0;
const waiting: Array<() => void> = [];

/** Summary runs of this process: going, and waiting for a turn (SUMMARIES_PER_PROCESS). */
export function memorySummaryLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

/** At most SUMMARIES_PER_PROCESS runs at once; the others wait, first come first served. */
async function takeTurn(): Promise<void> {
  if (running < SUMMARIES_PER_PROCESS) {
    running += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** Hands the turn to the next waiting run, if any. */
function passTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/** Records that the messages before `before` have left the window (the bound only moves forward). */
export async function noteLeftWindow(db: Db, sessionId: string, before: number): Promise<void> {
  await db
    .insert(chatMemories)
    .values({ sessionId, summariseBefore: before })
    .onConflictDoUpdate({
      target: chatMemories.sessionId,
      set: { summariseBefore: sql`greatest(coalesce(${chatMemories.summariseBefore}, 0), ${before})` },
    });
}

/** Claims the chat, summarises what waits (a few batches at most), and lets go. Safe to run from any process. */
export async function runMemoryJob(deps: ChatDeps, job: SummaryJob): Promise<SummaryOutcome> {
  const { db } = deps;
  const holder = randomUUID();
  let batches = 0;
  for (;;) {
    let row = await claim(db, job.sessionId, holder);
    if (!row) return batches > 0 ? "summarised" : "nothing";
    try {
      while (row && batches < SUMMARY_BATCHES_PER_RUN) {
        const pending = await pendingTurns(db, row);
        if (pending.length === 0) {
          await markCaughtUp(db, row, holder);
          break;
        }
        const batch = turnsWithin(pending, inputBudget(job, row.summary));
        const summary = await summarise(deps, job, row.summary, batch);
        batches += 1;
        row = await writeSummary(db, row, holder, summary, batch.at(-1)!.id);
      }
    } catch (err) {
      await recordFailure(db, row ?? undefined, job.sessionId, holder);
      deps.logger.warn("chat memory: summary failed, will retry", {
        session_id: job.sessionId,
        model: job.model.key,
        error: err instanceof Error ? err.message : String(err),
      });
      return "failed";
    }
    if (!row) return "summarised"; // another process took the lease over
    const after = await release(db, job.sessionId, holder);
    if (!after || batches >= SUMMARY_BATCHES_PER_RUN) return batches > 0 ? "summarised" : "nothing";
    if (!hasUnsummarisedTurns(after.summariseBefore, after.lastMessageId)) {
      return batches > 0 ? "summarised" : "nothing";
    }
  }
}

/** The row, held by `holder`, when no other run holds a live lease, no back-off is running and work waits. */
async function claim(db: Db, sessionId: string, holder: string): Promise<MemoryRow | undefined> {
  const [row] = await db
    .update(chatMemories)
    .set({ summarisingSince: sql`now()`, summariser: holder })
    .where(
      and(
        eq(chatMemories.sessionId, sessionId),
        or(
          isNull(chatMemories.summarisingSince),
          lt(chatMemories.summarisingSince, sql`now() - make_interval(secs => ${SUMMARY_LEASE_MS / 1000})`),
        ),
        or(isNull(chatMemories.retryAt), lte(chatMemories.retryAt, sql`now()`)),
        sql`${chatMemories.summariseBefore} - 1 > coalesce(${chatMemories.lastMessageId}, 0)`,
      ),
    )
    .returning();
  return row;
}

/** The shown turns after the summary and before the window, oldest first; the newest SUMMARY_BACKLOG_TURNS. */
async function pendingTurns(db: Db, row: MemoryRow): Promise<Turn[]> {
  const rows = await db
    .select({ id: chatMessages.id, role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, row.sessionId),
        // A swiped-away reply is not part of the conversation the model sees, so not of its memory either.
        eq(chatMessages.chosen, true),
        inArray(chatMessages.status, ["complete", "partial"]),
        sql`${chatMessages.content} <> ''`,
        gt(chatMessages.id, row.lastMessageId ?? 0),
        lt(chatMessages.id, row.summariseBefore ?? 0),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(SUMMARY_BACKLOG_TURNS);
  return rows
    .reverse()
    .map((r) => ({ id: r.id, role: r.role === "assistant" ? "assistant" : "user", content: r.content }));
}

/** New turns per request: what the model's window holds beside the instructions, the memory and the answer. */
function inputBudget(job: SummaryJob, summary: string): number {
  const room = job.model.contextTokens - SUMMARY_MAX_OUTPUT_TOKENS - estimateTokens(summary) - 400;
  return Math.max(200, Math.min(SUMMARY_INPUT_MAX_TOKENS, room));
}

async function summarise(deps: ChatDeps, job: SummaryJob, previous: string, turns: Turn[]): Promise<string> {
  const names = { characterName: job.characterName, userName: job.userName };
  const plainTurns = turns.map((t) => ({ role: t.role, content: t.content }));
  const prompt = summaryPrompt({ ...names, previousSummary: previous, turns: plainTurns });
  const text = await deps.llm.summarise({
    model: deps.llm.upstreamModel(job.model.key, job.model.providerModel),
    system: prompt.system,
    messages: prompt.messages,
    maxOutputTokens: SUMMARY_MAX_OUTPUT_TOKENS,
    abortSignal: AbortSignal.timeout(SUMMARY_TIMEOUT_MS),
    demo: { ...names, previousSummary: previous, turns: plainTurns, maxChars: MEMORY_SUMMARY_MAX_CHARS },
  });
  const bounded = boundSummary(text);
  if (!bounded) throw new LlmError("the model answered an empty summary", "malformed");
  return bounded;
}

/**
 * The summary and its last turn, if the row is still held and unchanged since it was read. Else the row as it is
 * now (the user edited the memory: the batch is done again from it), or undefined when another run holds it.
 */
async function writeSummary(
  db: Db,
  row: MemoryRow,
  holder: string,
  summary: string,
  lastMessageId: number,
): Promise<MemoryRow | undefined> {
  const [written] = await db
    .update(chatMemories)
    .set({
      summary,
      lastMessageId,
      revision: sql`${chatMemories.revision} + 1`,
      failures: 0,
      retryAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(chatMemories.sessionId, row.sessionId),
        eq(chatMemories.summariser, holder),
        eq(chatMemories.revision, row.revision),
      ),
    )
    .returning();
  if (written) return written;
  const [now] = await db.select().from(chatMemories).where(eq(chatMemories.sessionId, row.sessionId));
  return now?.summariser === holder ? now : undefined;
}

/** Nothing shown is left before the window: the turns there (hidden or deleted) count as summarised. */
async function markCaughtUp(db: Db, row: MemoryRow, holder: string): Promise<void> {
  await db
    .update(chatMemories)
    .set({
      lastMessageId: sql`greatest(coalesce(${chatMemories.lastMessageId}, 0), ${chatMemories.summariseBefore} - 1)`,
    })
    .where(and(eq(chatMemories.sessionId, row.sessionId), eq(chatMemories.summariser, holder)));
}

async function release(db: Db, sessionId: string, holder: string) {
  const [row] = await db
    .update(chatMemories)
    .set({ summarisingSince: null, summariser: null })
    .where(and(eq(chatMemories.sessionId, sessionId), eq(chatMemories.summariser, holder)))
    .returning({ summariseBefore: chatMemories.summariseBefore, lastMessageId: chatMemories.lastMessageId });
  return row;
}

async function recordFailure(db: Db, row: MemoryRow | undefined, sessionId: string, holder: string): Promise<void> {
  const failures = (row?.failures ?? 0) + 1;
  await db
    .update(chatMemories)
    .set({
      summarisingSince: null,
      summariser: null,
      failures,
      retryAt: new Date(Date.now() + retryDelayMs(failures)),
    })
    .where(and(eq(chatMemories.sessionId, sessionId), eq(chatMemories.summariser, holder)));
}
