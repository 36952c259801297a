import { and, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { chatMessages, chatSessions, robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";
import { enabledModels, type ModelRow } from "./chat-models";
import { usageDay } from "./metering";
import { payerFields, type PayerState } from "./payer-state";

const AGE_REQUIRED_CODE = 40301;
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
  character: ChatCharacter;
  models: ModelRow[];
  session: { id: string; modelKey: string | null } | null;
  /** The newest earlier turns that can go into the prompt, oldest first. */
  turns: { role: string; content: string }[];
  day: string;
}

const turnsColumn = z.array(z.object({ role: z.string(), content: z.string() }));

/**
 * The character, the user's chat with it and its newest turns, and the user's PayerState, in one statement: on
 * PGlite every statement on a reply's path to the model costs about a millisecond. The subqueries compare with
 * parameters, not outer columns: drizzle leaves column names unqualified in select fields.
 */
async function readCharacterAndChat(db: Db, userId: string, robotId: number, day: string) {
  const sessionOf = sql`(select ${chatSessions.id} from ${chatSessions} where ${chatSessions.userId} = ${userId} and ${chatSessions.robotId} = ${robotId})`;
  const newestTurns = sql`select ${chatMessages.id} as id, ${chatMessages.role} as role, ${chatMessages.content} as content
    from ${chatMessages}
    where ${chatMessages.sessionId} = ${sessionOf} and ${chatMessages.status} in ('complete', 'partial') and ${chatMessages.content} <> ''
    order by ${chatMessages.id} desc limit ${HISTORY_LIMIT}`;
  const [row] = await db
    .select({
      id: robots.id, name: robots.name, persona: robots.persona, scenario: robots.scenario,
      exampleDialogue: robots.exampleDialogue, greeting: robots.greeting, nsfw: robots.nsfw,
      sessionId: sql<string | null>`${sessionOf}`,
      sessionModel: sql<string | null>`(select ${chatSessions.modelKey} from ${chatSessions} where ${chatSessions.userId} = ${userId} and ${chatSessions.robotId} = ${robotId})`,
      turns: sql<unknown>`(select coalesce(json_agg(json_build_object('role', t.role, 'content', t.content) order by t.id), '[]'::json) from (${newestTurns}) t)`,
      ...payerFields(userId, day),
    })
    .from(robots)
    .where(and(eq(robots.id, robotId), or(eq(robots.visibility, "public"), eq(robots.creatorId, userId))));
  return row;
}

/**
 * Every read a reply needs, in two statements issued together (on Postgres they share the pool's round trips).
 * Throws 404 for a character the user cannot see and 403 for an NSFW one before the age check.
 */
export async function readReplyContext(db: Db, userId: string, robotId: number, viewer: Viewer): Promise<ReplyContext> {
  const day = usageDay();
  const [row, models] = await Promise.all([readCharacterAndChat(db, userId, robotId, day), enabledModels(db)]);
  if (!row) throw new AppError(404, 404, "Character not found");
  if (row.nsfw && !viewer.ageVerified) throw new AppError(403, AGE_REQUIRED_CODE, "Confirm your age to chat with this character");
  return {
    character: {
      id: row.id, name: row.name, persona: row.persona, scenario: row.scenario, exampleDialogue: row.exampleDialogue, greeting: row.greeting,
    },
    models,
    session: row.sessionId ? { id: row.sessionId, modelKey: row.sessionModel } : null,
    turns: turnsColumn.parse(row.turns),
    subscribed: row.subscribed,
    balance: row.balance,
    freeUsed: row.freeUsed,
    day,
  };
}
