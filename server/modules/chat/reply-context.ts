import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { API_CODES } from "../../../lib/contracts/api-codes";
import type { Lorebook } from "../../../lib/validation/lorebook-rules";
import type { Persona } from "../../../lib/validation/persona-rules";
import { authTokens, chatMemories, chatMessages, chatSessions, robots, users } from "../../db/schema";
import { createStatementBatches } from "../../db/statement-batches";
import { perDatabase } from "../../db/per-database";
import type { Db } from "../../db/types";
import { AppError, errors } from "../../errors";
import { ageAllows, visibleCharacters } from "../catalogue/character-visibility";
import { liveSessionHash, sessionUserFields, type SessionUser } from "../sessions/sessions";
import { hashToken } from "../sessions/tokens";
import { CHAT_BATCHES } from "./chat-batches";
import { chatCondition, chatNotFound } from "./chat-sessions";
import { enabledModelsColumn, enabledModelsJson, type ModelRow } from "./chat-models";
import { usageDay } from "./metering";
import { parsePlan, payerFields, type PayerState } from "./payer-state";
import { readChatPersona } from "./chat-persona-column";
import { lorebookOf } from "./lorebook-cache";
import { resolvePersona } from "./persona-block";

/** More turns than any model's context holds; the prompt budget keeps the newest that fit. */
export const HISTORY_LIMIT = 200;

export interface ChatCharacter {
  id: number;
  name: string;
  persona: string;
  scenario: string;
  exampleDialogue: string;
  greeting: string;
}

/** What a reply is built and priced from, read before anything is written. */
export interface ReplyContext extends PayerState {
  /** The signed-in user, resolved from the session token in the same statement. */
  user: SessionUser;
  character: ChatCharacter;
  models: ModelRow[];
  session: { id: string; modelKey: string | null } | null;
  /** The newest earlier turns that can go into the prompt (of replies, the chosen swipe), oldest first. */
  turns: { id: number; role: string; content: string }[];
  /** The chat's long-term memory (memory/), with the newest message its summary covers. */
  memory: { summary: string; facts: string[]; lastMessageId: number | null } | null;
  day: string;
  /** Who the user is in this chat (the chat's persona, else theirs; the nickname when neither names them). */
  persona: Persona;
  lorebook: Lorebook | null;
}

const turnsColumn = z.array(z.object({ id: z.coerce.number(), role: z.string(), content: z.string() }));
const factsColumn = z.array(z.string());

/** One reply's context read: its session token's hash, the character, and the chat (null: the latest). */
interface ContextRequest {
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
function buildContextRead(db: Db, byChat: boolean) {
  const newestTurns = sql`select ${chatMessages.id} as id, ${chatMessages.role} as role, ${chatMessages.content} as content
    from ${chatMessages}
    where ${chatMessages.sessionId} = ${chatSessions.id} and ${chatMessages.chosen} and ${chatMessages.status} in ('complete', 'partial') and ${chatMessages.content} <> ''
    order by ${chatMessages.id} desc limit ${HISTORY_LIMIT}`;
  return db
    .select({
      n: sql<number>`r.n`.mapWith(Number),
      user: sessionUserFields,
      character: {
        id: robots.id,
        name: robots.name,
        persona: robots.persona,
        scenario: robots.scenario,
        exampleDialogue: robots.exampleDialogue,
        // The greeting the chat opened with: an alternate one when the user swiped to it (chat-swipes.ts).
        greeting: sql<string>`case when ${chatSessions.greetingIndex} > 0 then coalesce(${robots.alternateGreetings} ->> (${chatSessions.greetingIndex} - 1), ${robots.greeting}) else ${robots.greeting} end`,
        nsfw: robots.nsfw,
        lorebook: robots.lorebook,
        updatedAt: robots.updatedAt,
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
    .innerJoin(authTokens, liveSessionHash(requestColumn.tokenHash, sql.placeholder("now")))
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(
      robots,
      and(eq(robots.id, requestColumn.robotId), visibleCharacters({ opening: true, owner: users.id, nsfw: true })),
    )
    .leftJoin(chatSessions, chatCondition(users.id, robots.id, byChat ? requestColumn.chatId : undefined))
    .leftJoin(chatMemories, eq(chatMemories.sessionId, chatSessions.id))
    .prepare(byChat ? "kewl_reply_contexts_chat" : "kewl_reply_contexts_latest");
}

const contextReadOfLatest = perDatabase((db) => buildContextRead(db, false));
const contextReadOfChat = perDatabase((db) => buildContextRead(db, true));
type ContextRow = Awaited<ReturnType<ReturnType<typeof contextReadOfLatest>["execute"]>>[number];

interface ContextAnswer {
  row: ContextRow;
  day: string;
}

/** A batch of context reads of one kind, in one statement; a request whose session is not live gets an Error. */
async function readContextRows(db: Db, byChat: boolean, batch: ContextRequest[]): Promise<(ContextAnswer | Error)[]> {
  const now = new Date();
  const day = usageDay(now);
  const read = byChat ? contextReadOfChat(db) : contextReadOfLatest(db);
  const rows = await read.execute({
    tokenHashes: batch.map((r) => r.tokenHash),
    robotIds: batch.map((r) => r.robotId),
    chatIds: batch.map((r) => r.chatId),
    now: now.toISOString(),
    day,
  });
  const answers = batch.map((): ContextAnswer | undefined => undefined);
  for (const row of rows) answers[row.n - 1] = { row, day };
  return answers.map((answer) => answer ?? errors.unauthorized("Authentication expired"));
}

/** New replies' context reads, of the latest chat and of a given one: under a crowd, many in one statement. */
const contextReads = perDatabase((db) => ({
  latest: createStatementBatches((batch: ContextRequest[]) => readContextRows(db, false, batch), CHAT_BATCHES),
  chat: createStatementBatches((batch: ContextRequest[]) => readContextRows(db, true, batch), CHAT_BATCHES),
}));

/**
 * Every read a reply needs, for the bearer of a session token, in the chat `chatId` (else the latest chat with the
 * character). Throws 401 for a dead token, 404 for a character the user cannot see or a chat id that is not theirs
 * with this character, and 403 for an NSFW character before the age check.
 */
export async function readReplyContext(
  db: Db,
  token: string,
  robotId: number,
  viewer: Viewer,
  opts: { chatId?: string | undefined } = {},
): Promise<ReplyContext> {
  const reads = contextReads(db);
  const request = { tokenHash: hashToken(token), robotId, chatId: opts.chatId ?? null };
  const { row, day } = await (opts.chatId === undefined ? reads.latest(request) : reads.chat(request));
  const { character } = row;
  if (!character) throw new AppError(404, 404, "Character not found");
  if (!ageAllows(character, viewer)) {
    throw new AppError(403, API_CODES.AGE_REQUIRED, "Confirm your age to chat with this character");
  }
  if (opts.chatId !== undefined && !row.sessionId) throw chatNotFound();
  return {
    user: row.user,
    character: {
      id: character.id,
      name: character.name,
      persona: character.persona,
      scenario: character.scenario,
      exampleDialogue: character.exampleDialogue,
      greeting: character.greeting,
    },
    models: enabledModelsColumn.parse(row.models),
    session: row.sessionId ? { id: row.sessionId, modelKey: row.sessionModel } : null,
    turns: turnsColumn.parse(row.turns),
    memory:
      row.memorySummary === null
        ? null
        : { summary: row.memorySummary, facts: factsColumn.parse(row.memoryFacts), lastMessageId: row.memoryLastId },
    plan: parsePlan(row.plan),
    balance: row.balance,
    freeUsed: row.freeUsed,
    day,
    persona: resolvePersona(row.user.name, row.persona, readChatPersona(row.sessionPersona)),
    lorebook: lorebookOf(character.id, character.updatedAt, character.lorebook),
  };
}
