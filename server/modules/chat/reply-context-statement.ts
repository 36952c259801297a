import { and, eq, sql } from "drizzle-orm";
import { authTokens, chatMemories, chatMessages, chatSessions, robots, users } from "../../db/schema";
import type { Db } from "../../db/types";
import { visibleCharacters } from "../catalogue/character-visibility";
import { liveSessionHash, sessionUserFields } from "../sessions/sessions";
import { chatCondition, LATEST_CHAT_FIRST } from "./chat-sessions";
import { enabledModelsJson } from "./chat-models";
import { payerFields } from "./payer-state";

/** More turns than any model's context holds; the prompt budget keeps the newest that fit. */
export const HISTORY_LIMIT = 200;

/** One reply's context read: its session token's hash, the character, and the chat (null: the latest). */
export interface ContextRequest {
  tokenHash: string;
  robotId: number;
  chatId: string | null;
}

/** A batch's requests, one row each: `r.n` is the request's place in the batch, from 1. */
const requests = sql`unnest(${sql.placeholder("tokenHashes")}::text[], ${sql.placeholder("robotIds")}::bigint[], ${sql.placeholder("chatIds")}::uuid[]) with ordinality as r(token_hash, robot_id, chat_id, n)`;
const requestColumn = { tokenHash: sql`r.token_hash`, robotId: sql`r.robot_id`, chatId: sql`r.chat_id` };

/**
 * The session's user, the character, the user's chat with it and its newest turns, the enabled models (as
 * enabledModels() orders them) and the user's PayerState, in one statement, for a batch of replies (one row per
 * request whose session is live; its `n` says which): on PGlite every statement on a reply's path to the model
 * costs one to two milliseconds, so the session token is resolved here rather than by a statement of its own in
 * the auth middleware. A row's character is null when the user cannot see the character. The chat session is
 * joined, so its turns are found through it.
 *
 * Built once per database and kind (a given chat, or the latest): every value is a placeholder, so a reply pays
 * neither drizzle's building of the SQL (0.6 ms a reply, bench/README.md) nor, on node-postgres, Postgres's
 * parsing of it (a named statement: named-statement.ts).
 */
export function buildContextRead(db: Db, byChat: boolean) {
  const newestTurns = sql`select ${chatMessages.id} as id, ${chatMessages.role} as role, ${chatMessages.content} as content
    from ${chatMessages}
    where ${chatMessages.sessionId} = ${chatSessions.id} and ${chatMessages.chosen} and ${chatMessages.status} in ('complete', 'partial') and ${chatMessages.content} <> ''
    order by ${chatMessages.id} desc limit ${HISTORY_LIMIT}`;
  // Every row a request needs is looked up for that request alone (LATERAL ... LIMIT 1 on the table's key or one
  // of its indexes): a probe of the index, or at worst (statistics taken while the table was tiny) one scan of the
  // table per request, never one table multiplied by another. Joined as tables, their order and method were the
  // planner's to choose: with no statistics it scanned every session for each batch, a plan PGlite kept as the
  // table grew (eighteenth session); with statistics taken while `users` held a row or two, it paired every user
  // with every request of the batch and looked up a session for each pair (2,056 lookups for a batch of 8 at 257
  // users); with good ones it still hashed every chat and every character for each batch (bench/README.md, issue
  // 16, eighteenth and nineteenth sessions). Each lookup but the session's takes its table's own name, so the
  // columns below keep naming the tables.
  const liveSession = db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(liveSessionHash(requestColumn.tokenHash, sql.placeholder("now")))
    .limit(1)
    .as("live_session");
  const sessionUser = db
    .select({ ...sessionUserFields, personaName: users.personaName, personaDescription: users.personaDescription })
    .from(users)
    .where(eq(users.id, liveSession.userId))
    .limit(1)
    .as("users");
  const characterFields = {
    id: robots.id,
    name: robots.name,
    persona: robots.persona,
    scenario: robots.scenario,
    exampleDialogue: robots.exampleDialogue,
    nsfw: robots.nsfw,
    lorebook: robots.lorebook,
    updatedAt: robots.updatedAt,
  };
  const character = db
    .select({ ...characterFields, greeting: robots.greeting, alternateGreetings: robots.alternateGreetings })
    .from(robots)
    .where(and(eq(robots.id, requestColumn.robotId), visibleCharacters({ opening: true, owner: users.id, nsfw: true })))
    .limit(1)
    .as("robots");
  const chatOf = db
    .select({
      id: chatSessions.id,
      modelKey: chatSessions.modelKey,
      greetingIndex: chatSessions.greetingIndex,
      persona: chatSessions.persona,
    })
    .from(chatSessions);
  const chat = (
    byChat
      ? chatOf.where(chatCondition(users.id, robots.id, requestColumn.chatId))
      : chatOf
          .where(and(eq(chatSessions.userId, users.id), eq(chatSessions.robotId, robots.id)))
          .orderBy(...LATEST_CHAT_FIRST)
  )
    .limit(1)
    .as("chat_sessions");
  const memory = db
    .select({
      summary: chatMemories.summary,
      facts: chatMemories.facts,
      lastMessageId: chatMemories.lastMessageId,
    })
    .from(chatMemories)
    .where(eq(chatMemories.sessionId, chatSessions.id))
    .limit(1)
    .as("chat_memories");
  return db
    .select({
      n: sql<number>`r.n`.mapWith(Number),
      user: sessionUserFields,
      character: {
        ...characterFields,
        // The greeting the chat opened with: an alternate one when the user swiped to it (chat-swipes.ts).
        greeting: sql<string>`case when ${chatSessions.greetingIndex} > 0 then coalesce(${robots.alternateGreetings} ->> (${chatSessions.greetingIndex} - 1), ${robots.greeting}) else ${robots.greeting} end`,
      },
      sessionId: chatSessions.id,
      sessionModel: chatSessions.modelKey,
      turns: sql<unknown>`(select coalesce(json_agg(json_build_object('id', t.id, 'role', t.role, 'content', t.content) order by t.id), '[]'::json) from (${newestTurns}) t)`,
      memorySummary: chatMemories.summary,
      memoryFacts: chatMemories.facts,
      memoryLastId: chatMemories.lastMessageId,
      sessionPersona: chatSessions.persona,
      persona: { name: users.personaName, description: users.personaDescription },
      models: enabledModelsJson,
      ...payerFields(users.id, sql.placeholder("day"), sql.placeholder("now")),
    })
    .from(requests)
    .innerJoinLateral(liveSession, sql`true`)
    .innerJoinLateral(sessionUser, sql`true`)
    .leftJoinLateral(character, sql`true`)
    .leftJoinLateral(chat, sql`true`)
    .leftJoinLateral(memory, sql`true`)
    .prepare(byChat ? "kewl_reply_contexts_chat" : "kewl_reply_contexts_latest");
}
