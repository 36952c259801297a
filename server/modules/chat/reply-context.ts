import { z } from "zod";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { API_CODES } from "../../../lib/contracts/api-codes";
import type { Lorebook } from "../../../lib/validation/lorebook-rules";
import type { Persona } from "../../../lib/validation/persona-rules";
import { createStatementBatches } from "../../db/statement-batches";
import { perDatabase } from "../../db/per-database";
import type { Db } from "../../db/types";
import { AppError, errors } from "../../errors";
import { ageAllows } from "../catalogue/character-visibility";
import type { SessionUser } from "../sessions/sessions";
import { hashToken } from "../sessions/tokens";
import { CHAT_BATCHES } from "./chat-batches";
import { buildContextRead, type ContextRequest } from "./reply-context-statement";
import { chatNotFound } from "./chat-sessions";
import { enabledModelsColumn, type ModelRow } from "./chat-models";
import { usageDay } from "./metering";
import { parsePlan, type PayerState } from "./payer-state";
import { readChatPersona } from "./chat-persona-column";
import { lorebookOf } from "./lorebook-cache";
import { resolvePersona } from "./persona-block";

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
