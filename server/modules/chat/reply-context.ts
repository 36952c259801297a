import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { normalizeLorebook } from "../../../lib/cards/card-lorebook";
import { API_CODES } from "../../../lib/contracts/api-codes";
import type { Lorebook } from "../../../lib/validation/lorebook-rules";
import type { Persona } from "../../../lib/validation/persona-rules";
import { authTokens, chatMessages, chatSessions, robots, users } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError, errors } from "../../errors";
import { ageAllows, visibleCharacters } from "../catalogue/character-visibility";
import { liveSessionToken, sessionUserFields, type SessionUser } from "../sessions/sessions";
import { enabledModelsColumn, enabledModelsJson, type ModelRow } from "./chat-models";
import { usageDay } from "./metering";
import { parsePlan, payerFields, type PayerState } from "./payer-state";
import { readChatPersona } from "./chat-persona-column";
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
  /** The newest earlier turns that can go into the prompt, oldest first. */
  turns: { role: string; content: string }[];
  day: string;
  /** Who the user is in this chat (the chat's persona, else theirs; the nickname when neither names them). */
  persona: Persona;
  lorebook: Lorebook | null;
}

const turnsColumn = z.array(z.object({ role: z.string(), content: z.string() }));

/**
 * The session's user, the character, the user's chat with it and its newest turns, the enabled models (as
 * enabledModels() orders them) and the user's PayerState, in one statement: on PGlite every statement on a reply's
 * path to the model costs one to two milliseconds, so the session token is resolved here rather than by a statement
 * of its own in the auth middleware. The row exists when the session is live; its character is null when the
 * user cannot see the character. The chat session is joined, so its turns are found through it.
 */
async function readUserCharacterAndChat(db: Db, token: string, robotId: number, day: string, now: Date) {
  const newestTurns = sql`select ${chatMessages.id} as id, ${chatMessages.role} as role, ${chatMessages.content} as content
    from ${chatMessages}
    where ${chatMessages.sessionId} = ${chatSessions.id} and ${chatMessages.status} in ('complete', 'partial') and ${chatMessages.content} <> ''
    order by ${chatMessages.id} desc limit ${HISTORY_LIMIT}`;
  const [row] = await db
    .select({
      user: sessionUserFields,
      character: {
        id: robots.id,
        name: robots.name,
        persona: robots.persona,
        scenario: robots.scenario,
        exampleDialogue: robots.exampleDialogue,
        greeting: robots.greeting,
        nsfw: robots.nsfw,
        lorebook: robots.lorebook,
      },
      sessionId: chatSessions.id,
      sessionModel: chatSessions.modelKey,
      sessionPersona: chatSessions.persona,
      persona: { name: users.personaName, description: users.personaDescription },
      turns: sql<unknown>`(select coalesce(json_agg(json_build_object('role', t.role, 'content', t.content) order by t.id), '[]'::json) from (${newestTurns}) t)`,
      models: enabledModelsJson,
      ...payerFields(users.id, day, now),
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(robots, and(eq(robots.id, robotId), visibleCharacters({ opening: true, owner: users.id, nsfw: true })))
    .leftJoin(chatSessions, and(eq(chatSessions.userId, users.id), eq(chatSessions.robotId, robots.id)))
    .where(liveSessionToken(token))
    .limit(1);
  return row;
}

/**
 * Every read a reply needs, for the bearer of a session token. Throws 401 for a dead token, 404 for a character
 * the user cannot see, and 403 for an NSFW one before the age check.
 */
export async function readReplyContext(
  db: Db,
  token: string,
  robotId: number,
  viewer: Viewer,
  now = new Date(),
): Promise<ReplyContext> {
  const day = usageDay(now);
  const row = await readUserCharacterAndChat(db, token, robotId, day, now);
  if (!row) throw errors.unauthorized("Authentication expired");
  const { character } = row;
  if (!character) throw new AppError(404, 404, "Character not found");
  if (!ageAllows(character, viewer)) {
    throw new AppError(403, API_CODES.AGE_REQUIRED, "Confirm your age to chat with this character");
  }
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
    plan: parsePlan(row.plan),
    balance: row.balance,
    freeUsed: row.freeUsed,
    day,
    persona: resolvePersona(row.user.name, row.persona, readChatPersona(row.sessionPersona)),
    lorebook: normalizeLorebook(character.lorebook).lorebook,
  };
}
