import { z } from "zod";
import { CHAT_MESSAGE_MAX_CHARS, CHAT_REPLY_EDIT_MAX_CHARS, CHAT_TITLE_MAX } from "./chat-codes";
import { ID_MAX, text, wholeNumber, wholeNumberParam } from "./fields";

/**
 * Chat request payloads (SPEC §7 leaves them open; this is our design), validated by the server. Answers and
 * stream messages are described in chat-client.ts (zod/mini, parsed by the browser).
 *
 * A user has any number of chats (sessions) with a character. Every call that takes `robot_id` also takes an
 * optional `chat_id`: without it the call means the latest chat with that character (the one with the newest
 * activity), created by the first message when there is none. A chat id of another user answers 404 like an
 * unknown one.
 */
export { CHAT_CODES, CHAT_MESSAGE_MAX_CHARS, CHAT_REPLY_EDIT_MAX_CHARS, CHAT_TITLE_MAX } from "./chat-codes";
const HISTORY_PAGE_DEFAULT = 30;
const HISTORY_PAGE_MAX = 100;

const robotId = wholeNumber(1, ID_MAX);
const modelKey = text().trim().min(1).max(64);
const chatId = text().trim().uuid("Invalid chat id");
/** Far above any reply a model writes within its token limit. */
const STOP_SHOWN_MAX = 1_000_000;

/**
 * POST /v1/chat_session/chat: { robot_id, message, model? } → text/event-stream (see chat-client.ts), or a
 * refusal envelope before streaming (codes in CHAT_CODES). `model` overrides the session's model for this reply
 * and becomes the session's model.
 */
export const chatSendRequest = z.object({
  robot_id: robotId,
  message: text()
    .trim()
    .min(1, "Type a message")
    .max(CHAT_MESSAGE_MAX_CHARS, `At most ${CHAT_MESSAGE_MAX_CHARS} characters`),
  model: modelKey.optional(),
  chat_id: chatId.optional(),
});
export type ChatSendRequest = z.infer<typeof chatSendRequest>;

/**
 * POST /v1/chat_session/history: { robot_id, before?, limit? } → { session_id, list, has_more, next_before }.
 * `list` is oldest first; pass `next_before` (a message id) as `before` for the page of older messages.
 * A user without a session for the character gets an empty list.
 */
export const chatHistoryRequest = z.object({
  robot_id: robotId,
  chat_id: chatId.optional(),
  before: wholeNumber(1, ID_MAX).optional(),
  limit: wholeNumber(1, HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
});

/** GET /v1/chat_session/model?robot_key= → { list: ChatModel[], current }. Works signed out (current: default). */
export const chatModelQuery = z.object({
  robot_key: text().trim().min(1).max(64).optional(),
  chat_id: chatId.optional(),
});

/** POST /v1/chat_session/set_model: { robot_id, model } → { current }. Refuses unknown or unavailable models. */
export const chatSetModelRequest = z.object({ robot_id: robotId, model: modelKey, chat_id: chatId.optional() });

/**
 * POST /v1/chat_session/stop: { message_id, shown_length } → { message, wallet }. Sent after the user pressed Stop
 * (and the reply's stream was dropped): the stored reply is cut to the first `shown_length` characters (UTF-16
 * code units) of the text the server generated, which is what the page showed. Only the user's own latest replies,
 * once each. `message` is the stored reply, or null while another process is still writing it (it is cut when it
 * is written); `wallet` is GET /v1/buy_coin/wallet after the reply settled.
 */
export const chatStopRequest = z.object({
  message_id: wholeNumber(1, ID_MAX),
  shown_length: wholeNumber(0, STOP_SHOWN_MAX),
  /** When given, the reply must be in this chat. */
  chat_id: chatId.optional(),
});

/** GET /v1/chat_session/recent_list?limit= → { list: RecentChat[] }, most recent first. */
export const chatRecentQuery = z.object({ limit: wholeNumberParam(1, 50).default(12) });

const messageId = wholeNumber(1, ID_MAX);
/** A user message's text: the rules of a sent message. */
const userText = chatSendRequest.shape.message;

/**
 * POST /v1/chat_session/regenerate: { message_id, model?, shown_length? } → the same text/event-stream as
 * /chat_session/chat (its start message's user_message is the message replied to). `message_id` is a reply of the
 * chat's latest turn: a new reply becomes another swipe of that turn, chosen. When the reply is still being written,
 * the page stops it first and sends `shown_length` as /chat_session/stop does: it is kept, cut to what was shown,
 * as a swipe (unless it had no text).
 */
export const chatRegenerateRequest = z.object({
  message_id: messageId,
  model: modelKey.optional(),
  shown_length: wholeNumber(0, STOP_SHOWN_MAX).optional(),
});
export type ChatRegenerateRequest = z.infer<typeof chatRegenerateRequest>;

/**
 * POST /v1/chat_session/swipe: { message_id, index } → { message }. Chooses the `index`-th (from 0, oldest first)
 * swipe of the latest turn that `message_id` belongs to; the chosen one is what the model sees next.
 */
export const chatSwipeRequest = z.object({ message_id: messageId, index: wholeNumber(0, 1000) });

/**
 * POST /v1/chat_session/greeting: { robot_id, chat_id?, index } → { greeting_index }. 0 the greeting, n the n-th
 * alternate, for a chat without messages (a new one when the user has no chat with the character).
 */
export const chatGreetingRequest = z.object({
  robot_id: robotId,
  chat_id: chatId.optional(),
  index: wholeNumber(0, 100),
});

/** POST /v1/chat_session/edit: { message_id, content } → { message }. A reply's text, edited in place. */
export const chatEditRequest = z.object({
  message_id: messageId,
  content: text()
    .trim()
    .min(1, "Type the reply's text")
    .max(CHAT_REPLY_EDIT_MAX_CHARS, `At most ${CHAT_REPLY_EDIT_MAX_CHARS} characters`),
});

/**
 * POST /v1/chat_session/resend: { message_id, message, model? } → the /chat_session/chat stream. The user's message
 * `message_id` gets the new text, every later message is deleted, and a new reply is written (metered).
 */
export const chatResendRequest = z.object({ message_id: messageId, message: userText, model: modelKey.optional() });
export type ChatResendRequest = z.infer<typeof chatResendRequest>;

/**
 * POST /v1/chat_session/delete_messages: { message_id, scope } → { deleted: ids }. `message`: that message (a reply with all
 * its swipes); `after`: every message after it, the message itself kept.
 */
export const chatDeleteMessagesRequest = z.object({ message_id: messageId, scope: z.enum(["message", "after"]) });

/** POST /v1/chat_session/list: { robot_id } → { list: ChatSummary[] }, the latest chat first (at most CHAT_LIST_MAX). */
export const chatListRequest = z.object({ robot_id: robotId });
export const CHAT_LIST_MAX = 100;

/** POST /v1/chat_session/create: { robot_id } → { chat: ChatSummary }, a new empty chat that is now the latest. */
export const chatCreateRequest = z.object({ robot_id: robotId });

/** POST /v1/chat_session/rename: { chat_id, title } → { chat: ChatSummary }. An empty title clears it. */
export const chatRenameRequest = z.object({
  chat_id: chatId,
  title: text().trim().max(CHAT_TITLE_MAX, `At most ${CHAT_TITLE_MAX} characters`),
});

/** POST /v1/chat_session/delete: { chat_id } → { chat_id }. Refused (409) while a reply is being written in it. */
export const chatDeleteRequest = z.object({ chat_id: chatId });

/**
 * GET /v1/chat_session/export?robot_id=&chat_id=&format= → the chat as a file (Content-Disposition attachment):
 * `jsonl` is SillyTavern's chat format, `md` readable Markdown.
 */
export const chatExportQuery = z.object({
  robot_id: wholeNumberParam(1, ID_MAX),
  chat_id: chatId.optional(),
  format: z.enum(["jsonl", "md"]),
});
export type ChatExportFormat = z.infer<typeof chatExportQuery>["format"];
