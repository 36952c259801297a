import { and, asc, eq, gt, inArray, ne } from "drizzle-orm";
import type { ChatExportFormat } from "../../../lib/contracts/chat";
import { fillPlaceholders } from "../../../lib/format/character-text";
import { chatMessages, robots, users } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError, errors } from "../../errors";
import { visibleCharacters } from "../catalogue/character-visibility";
import type { SessionUser } from "../sessions/sessions";
import type { ChatDeps } from "./chat-context";
import { readChatPersona } from "./chat-persona-column";
import { chatNotFound, findChat, type ChatRef, type ChatSessionRow } from "./chat-sessions";
import {
  exportBaseName,
  markdownHeader,
  markdownMessage,
  sillyTavernHeader,
  sillyTavernMessage,
  type ExportChat,
  type ExportMessage,
} from "./export-formats";
import { resolvePersona } from "./persona-block";

/** Exports a user may download in a minute: each reads a whole chat. */
export const CHAT_EXPORTS_PER_MINUTE = 30;
/** Messages read per statement while the file streams: a long chat never sits in memory whole. */
const PAGE = 200;

export interface ChatExportFile {
  /** The file's name without its extension. */
  baseName: string;
  extension: "jsonl" | "md";
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/** What a chat export reads of its character. */
export interface ExportCharacter {
  name: string;
  greeting: string;
  alternates: string[];
}

/**
 * GET /v1/chat_session/export: one of the user's chats (the given one, else the latest with the character) as a
 * file that streams page by page. 404 for a character the user may no longer open, and for a chat that is not
 * theirs.
 */
export async function openChatExport(
  deps: Pick<ChatDeps, "db" | "store">,
  user: SessionUser,
  input: ChatRef & { format: ChatExportFormat },
): Promise<ChatExportFile> {
  const { db } = deps;
  const { count, resetMs } = await deps.store.hit(`chat-export:${user.id}`, 60_000);
  if (count > CHAT_EXPORTS_PER_MINUTE) throw errors.rateLimited(Math.max(1, Math.ceil(resetMs / 1000)));
  const [robot] = await db
    .select({ name: robots.name, greeting: robots.greeting, alternates: robots.alternateGreetings })
    .from(robots)
    .where(and(eq(robots.id, input.robotId), visibleCharacters({ opening: true, owner: user.id, nsfw: true })));
  if (!robot) throw new AppError(404, 404, "Character not found");
  const session = await findChat(db, user.id, input);
  if (!session) throw chatNotFound();
  return chatExportFile(db, user, robot, session, input.format);
}

/**
 * The file of one of the user's chats (also the account archive's, server/modules/account-data): the character's
 * greeting opens it, as it opens the chat on screen, then the messages, read page by page as the file streams.
 */
export async function chatExportFile(
  db: Db,
  user: Pick<SessionUser, "id" | "name">,
  robot: ExportCharacter,
  session: ChatSessionRow,
  format: ChatExportFormat,
): Promise<ChatExportFile> {
  // The name the user had in this chat, as the model saw it: the chat's persona, else theirs, else the nickname.
  const [own] = await db
    .select({ name: users.personaName, description: users.personaDescription })
    .from(users)
    .where(eq(users.id, user.id));
  const persona = resolvePersona(user.name, own ?? { name: "", description: "" }, readChatPersona(session.persona));
  const chat: ExportChat = {
    userName: persona.name || "User",
    characterName: robot.name,
    title: session.title,
    createdAt: session.createdAt,
  };
  const jsonl = format === "jsonl";
  const header = jsonl ? sillyTavernHeader : markdownHeader;
  const line = jsonl ? sillyTavernMessage : markdownMessage;
  // The greeting the chat opened with; the character's other greetings are its swipes, as on screen.
  const greetings = [robot.greeting, ...robot.alternates]
    .map((g) => fillPlaceholders(g, robot.name, chat.userName).trim())
    .filter((g) => g !== "");
  const chosenGreeting = Math.min(session.greetingIndex, Math.max(0, greetings.length - 1));
  const greeting = greetings[chosenGreeting] ?? "";

  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = "";
      if (!started) {
        started = true;
        text += header(chat);
        if (greeting) {
          const swipes = greetings.length > 1 ? { texts: greetings, chosen: chosenGreeting } : undefined;
          text += line(chat, { role: "assistant", content: greeting, createdAt: session.createdAt, swipes });
        }
      }
      const rows = await readPage(db, session.id, after);
      for (const row of rows) text += line(chat, row.message);
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows.at(-1);
      if (rows.length < PAGE || !last) controller.close();
      else after = last.id;
    },
  });
  return {
    baseName: exportBaseName(chat),
    extension: jsonl ? "jsonl" : "md",
    contentType: jsonl ? "application/jsonl; charset=utf-8" : "text/markdown; charset=utf-8",
    body,
  };
}

const exported = (sessionId: string) =>
  and(
    eq(chatMessages.sessionId, sessionId),
    inArray(chatMessages.status, ["complete", "partial"]),
    ne(chatMessages.content, ""),
  );

/** The next page of the chat's shown messages with text (of replies, the chosen swipe, with the others), oldest first. */
async function readPage(db: Db, sessionId: string, after: number): Promise<{ id: number; message: ExportMessage }[]> {
  const rows = await db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      content: chatMessages.content,
      status: chatMessages.status,
      createdAt: chatMessages.createdAt,
      swipeGroup: chatMessages.swipeGroup,
    })
    .from(chatMessages)
    .where(and(exported(sessionId), eq(chatMessages.chosen, true), gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(PAGE);
  const groups = [...new Set(rows.flatMap((r) => (r.swipeGroup === null ? [] : [r.swipeGroup])))];
  const alternatives = groups.length
    ? await db
        .select({ id: chatMessages.id, group: chatMessages.swipeGroup, content: chatMessages.content })
        .from(chatMessages)
        .where(and(exported(sessionId), inArray(chatMessages.swipeGroup, groups)))
        .orderBy(asc(chatMessages.id))
    : [];
  return rows.map((row) => {
    const swipes = row.swipeGroup === null ? [] : alternatives.filter((a) => a.group === row.swipeGroup);
    return {
      id: row.id,
      message: {
        role: row.role === "assistant" ? "assistant" : "user",
        content: row.content,
        createdAt: row.createdAt,
        partial: row.status === "partial",
        ...(swipes.length > 1
          ? { swipes: { texts: swipes.map((a) => a.content), chosen: swipes.findIndex((a) => a.id === row.id) } }
          : {}),
      },
    };
  });
}
