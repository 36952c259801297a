import { z } from "zod";

/**
 * Chat request payloads (SPEC §7 leaves them open; this is our design), validated by the server. Answers and
 * stream messages are described in chat-client.ts (zod/mini, parsed by the browser).
 *
 * There is one chat session per user and character; it is created by the first message.
 */
export const CHAT_MESSAGE_MAX_CHARS = 4000;
export const HISTORY_PAGE_DEFAULT = 30;
export const HISTORY_PAGE_MAX = 100;

const robotId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const modelKey = z.string().trim().min(1).max(64);

/**
 * POST /v1/chat_session/chat: { robot_id, message, model? } → text/event-stream (see chat-client.ts), or a
 * refusal envelope before streaming (codes in CHAT_CODES). `model` overrides the session's model for this reply
 * and becomes the session's model.
 */
export const chatSendRequest = z.object({
  robot_id: robotId,
  message: z
    .string()
    .trim()
    .min(1, "Type a message")
    .max(CHAT_MESSAGE_MAX_CHARS, `At most ${CHAT_MESSAGE_MAX_CHARS} characters`),
  model: modelKey.optional(),
});
export type ChatSendRequest = z.infer<typeof chatSendRequest>;

/**
 * POST /v1/chat_session/history: { robot_id, before?, limit? } → { session_id, list, has_more, next_before }.
 * `list` is oldest first; pass `next_before` (a message id) as `before` for the page of older messages.
 * A user without a session for the character gets an empty list.
 */
export const chatHistoryRequest = z.object({
  robot_id: robotId,
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
});

/** GET /v1/chat_session/model?robot_key= → { list: ChatModel[], current }. Works signed out (current: default). */
export const chatModelQuery = z.object({ robot_key: z.string().trim().min(1).max(64).optional() });

/** POST /v1/chat_session/set_model: { robot_id, model } → { current }. Refuses unknown or unavailable models. */
export const chatSetModelRequest = z.object({ robot_id: robotId, model: modelKey });

/** GET /v1/chat_session/recent_list?limit= → { list: RecentChat[] }, most recent first. */
export const chatRecentQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) });

/** Envelope codes of chat refusals (before streaming) and of stream `error` messages. */
export const CHAT_CODES = {
  /** Another reply is still being written in this chat session. HTTP 409. */
  REPLY_IN_PROGRESS: 40901,
  /** Too many streams open at once for this user. HTTP 429. */
  TOO_MANY_STREAMS: 42902,
  /** Too many messages this minute. HTTP 429, data.retry_after seconds. */
  TOO_MANY_MESSAGES: 42903,
  /** The daily free replies on the standard model are used up. HTTP 402. Opens the subscription dialog. */
  ALLOWANCE_EXHAUSTED: 40201,
  /** The coin balance does not cover this model's reply. HTTP 402. Opens the coin dialog. */
  INSUFFICIENT_COINS: 40202,
  /** The model is unknown or switched off. HTTP 400. */
  MODEL_UNAVAILABLE: 40011,
  /** Stream error: the model failed or sent something unreadable. */
  UPSTREAM_FAILED: 50201,
  /** Stream error: the model did not start answering in time. */
  UPSTREAM_TIMEOUT: 50401,
} as const;
