import { and, desc, eq, sql } from "drizzle-orm";
import { MEMORY_FACTS_MAX, type ChatMemory } from "../../../../lib/contracts/chat-memory-client";
import { chatMemories, chatSessions, robots } from "../../../db/schema";
import type { Db } from "../../../db/types";
import { AppError } from "../../../errors";
import { visibleCharacters } from "../../catalogue/character-visibility";
import { SUMMARY_LEASE_MS } from "./memory-limits";

/** A chat named by its character and, optionally, its id (else the user's latest chat with the character). */
export interface ChatRef {
  robotId: number;
  sessionId?: string;
}

type MemoryRow = typeof chatMemories.$inferSelect;

const chatNotFound = () => new AppError(404, 404, "Chat not found");

/**
 * The id of the user's chat, or null when the user has no chat with the character yet. 404 for another user's
 * chat, a chat with another character, and a character the user can no longer open (its history goes with it).
 */
async function findChat(db: Db, userId: string, ref: ChatRef): Promise<string | null> {
  const rows = await db
    .select({ id: chatSessions.id })
    .from(robots)
    .leftJoin(
      chatSessions,
      and(
        eq(chatSessions.robotId, robots.id),
        eq(chatSessions.userId, userId),
        ref.sessionId ? eq(chatSessions.id, ref.sessionId) : undefined,
      ),
    )
    .where(and(eq(robots.id, ref.robotId), visibleCharacters({ opening: true, owner: userId, nsfw: true })))
    .orderBy(desc(chatSessions.lastMessageAt))
    .limit(1);
  const [row] = rows;
  if (!row || (ref.sessionId && !row.id)) throw chatNotFound();
  return row.id;
}

async function requireChat(db: Db, userId: string, ref: ChatRef): Promise<string> {
  const id = await findChat(db, userId, ref);
  if (!id) throw chatNotFound();
  return id;
}

export function toChatMemory(sessionId: string | null, row: MemoryRow | undefined, now = new Date()): ChatMemory {
  const since = row?.summarisingSince;
  return {
    session_id: sessionId,
    summary: row?.summary ?? "",
    facts: row?.facts ?? [],
    summarised_through: row?.lastMessageId ?? null,
    summarising: since != null && now.getTime() - since.getTime() < SUMMARY_LEASE_MS,
    updated_at: row && (row.summary || row.facts.length > 0 || row.lastMessageId) ? row.updatedAt.toISOString() : null,
  };
}

/** GET memory: empty (and session_id null) before the user has a chat with the character. */
export async function readMemory(db: Db, userId: string, ref: ChatRef): Promise<ChatMemory> {
  const sessionId = await findChat(db, userId, ref);
  if (!sessionId) return toChatMemory(null, undefined);
  const [row] = await db.select().from(chatMemories).where(eq(chatMemories.sessionId, sessionId));
  return toChatMemory(sessionId, row);
}

/**
 * A change of the user's bumps the row's revision, so a summary being written from the text before the change is
 * written again from the new one (memory-summariser.ts).
 */
const changed = { revision: sql`${chatMemories.revision} + 1`, updatedAt: sql`now()` };

export async function updateSummary(db: Db, userId: string, ref: ChatRef, summary: string): Promise<ChatMemory> {
  const sessionId = await requireChat(db, userId, ref);
  const [row] = await db
    .insert(chatMemories)
    .values({ sessionId, summary })
    .onConflictDoUpdate({ target: chatMemories.sessionId, set: { summary, ...changed } })
    .returning();
  return toChatMemory(sessionId, row);
}

/** Adds a fact at the end; one already pinned stays where it is. 400 past MEMORY_FACTS_MAX. */
export async function pinFact(db: Db, userId: string, ref: ChatRef, fact: string): Promise<ChatMemory> {
  const sessionId = await requireChat(db, userId, ref);
  await db.insert(chatMemories).values({ sessionId }).onConflictDoNothing();
  const [row] = await db
    .update(chatMemories)
    .set({
      facts: sql`case when ${fact}::text = any(${chatMemories.facts}) then ${chatMemories.facts}
        else array_append(${chatMemories.facts}, ${fact}::text) end`,
      ...changed,
    })
    .where(
      and(
        eq(chatMemories.sessionId, sessionId),
        sql`(${fact}::text = any(${chatMemories.facts}) or cardinality(${chatMemories.facts}) < ${MEMORY_FACTS_MAX})`,
      ),
    )
    .returning();
  if (!row) throw new AppError(400, 400, `You can pin at most ${MEMORY_FACTS_MAX} facts. Remove one first.`);
  return toChatMemory(sessionId, row);
}

export async function unpinFact(db: Db, userId: string, ref: ChatRef, fact: string): Promise<ChatMemory> {
  const sessionId = await requireChat(db, userId, ref);
  const [row] = await db
    .update(chatMemories)
    .set({
      facts: sql`array_remove(${chatMemories.facts}, ${fact}::text)`,
      ...changed,
    })
    .where(eq(chatMemories.sessionId, sessionId))
    .returning();
  return toChatMemory(sessionId, row);
}

/**
 * Empties the summary and the facts. The turns that have already left the window are treated as summarised, so
 * what the user cleared does not come back from a summary being written now or later.
 */
export async function clearMemory(db: Db, userId: string, ref: ChatRef): Promise<ChatMemory> {
  const sessionId = await requireChat(db, userId, ref);
  const [row] = await db
    .update(chatMemories)
    .set({
      summary: "",
      facts: sql`'{}'::text[]`,
      lastMessageId: sql`greatest(coalesce(${chatMemories.lastMessageId}, 0), coalesce(${chatMemories.summariseBefore}, 1) - 1)`,
      ...changed,
    })
    .where(eq(chatMemories.sessionId, sessionId))
    .returning();
  return toChatMemory(sessionId, row);
}

/**
 * For edits and deletions of messages (swipes): when a message the summary covers changes, the summary may hold
 * what is no longer true. It is emptied (pinned facts stay, being the user's) and the turns still out of the window
 * are summarised again from `messageId` on.
 */
export async function invalidateMemoryFrom(db: Db, sessionId: string, messageId: number): Promise<void> {
  await db
    .update(chatMemories)
    .set({
      summary: "",
      lastMessageId: null,
      ...changed,
    })
    .where(and(eq(chatMemories.sessionId, sessionId), sql`${chatMemories.lastMessageId} >= ${messageId}`));
}
