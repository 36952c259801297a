/**
 * The lines of a chat export, as pure functions (chat-export.ts streams them from the database).
 *
 * JSONL is SillyTavern's chat file: the first line is the chat's header (user_name, character_name, create_date,
 * chat_metadata), then one line per message (name, is_user, is_system, send_date, mes, extra, and swipes with
 * swipe_id when the message has alternatives). Its dates are SillyTavern's "humanized" form, which it parses as
 * UTC ("2024-6-5 @14h 56m 50s 682ms"), so they are written in UTC.
 */

export interface ExportChat {
  userName: string;
  characterName: string;
  title: string | null;
  createdAt: Date;
}

export interface ExportMessage {
  role: "user" | "assistant";
  content: string;
  createdAt: Date;
  /** Stopped by the user or cut by an error. */
  partial?: boolean;
  /** The message's alternatives (swipes) and which one is shown, when it has more than one. */
  swipes?: { texts: string[]; chosen: number };
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** SillyTavern's humanizedISO8601DateTime, in UTC. */
export function sillyTavernDate(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${date.getUTCMonth() + 1}-${date.getUTCDate()} ` +
    `@${pad2(date.getUTCHours())}h ${pad2(date.getUTCMinutes())}m ${pad2(date.getUTCSeconds())}s ` +
    `${pad2(date.getUTCMilliseconds())}ms`
  );
}

export function sillyTavernHeader(chat: ExportChat): string {
  return `${JSON.stringify({
    user_name: chat.userName,
    character_name: chat.characterName,
    create_date: sillyTavernDate(chat.createdAt),
    chat_metadata: {},
  })}\n`;
}

export function sillyTavernMessage(chat: ExportChat, message: ExportMessage): string {
  const isUser = message.role === "user";
  const line: Record<string, unknown> = {
    name: isUser ? chat.userName : chat.characterName,
    is_user: isUser,
    is_system: false,
    send_date: sillyTavernDate(message.createdAt),
    mes: message.content,
    extra: {},
  };
  if (message.swipes && message.swipes.texts.length > 1) {
    line.swipe_id = message.swipes.chosen;
    line.swipes = message.swipes.texts;
  }
  return `${JSON.stringify(line)}\n`;
}

/** A date a reader understands anywhere: "2026-11-25 04:05 UTC". */
function readableDate(date: Date): string {
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}

/** Names go into bold text: markdown's markers in them are escaped so they read as typed. */
function escapeInline(text: string): string {
  return text.replace(/[\\`*_[\]#<>|~]/g, (ch) => `\\${ch}`).replace(/\s+/g, " ");
}

export function markdownHeader(chat: ExportChat): string {
  const heading = chat.title ?? `Chat with ${chat.characterName}`;
  return (
    `# ${escapeInline(heading)}\n\n` +
    `- Character: ${escapeInline(chat.characterName)}\n` +
    `- You: ${escapeInline(chat.userName)}\n` +
    `- Started: ${readableDate(chat.createdAt)}\n`
  );
}

/** A message as a section: who and when in bold, then its text (already markdown), as written. */
export function markdownMessage(chat: ExportChat, message: ExportMessage): string {
  const name = message.role === "user" ? chat.userName : chat.characterName;
  const note = message.partial ? " _(stopped)_" : "";
  return `\n---\n\n**${escapeInline(name)}** · ${readableDate(message.createdAt)}${note}\n\n${message.content.trim()}\n`;
}

/** A file name from the character's name, the chat's title (if any) and its start date. */
export function exportBaseName(chat: ExportChat): string {
  const day = chat.createdAt.toISOString().slice(0, 10);
  return [chat.characterName, chat.title, day].filter(Boolean).join(" - ");
}
