/** Chat constants without zod, so browser code can import them without loading the request schemas (chat.ts). */
export const CHAT_MESSAGE_MAX_CHARS = 4000;
/** The longest text a reply may be edited to; replies are written within a model's token limit, far below it. */
export const CHAT_REPLY_EDIT_MAX_CHARS = 20_000;
/** Longest chat title, in characters (the database checks it too). */
export const CHAT_TITLE_MAX = 80;

/** Envelope codes of chat refusals (before streaming) and of stream `error` messages. */
export const CHAT_CODES = {
  /** Another reply is still being written in this chat session. HTTP 409. */
  REPLY_IN_PROGRESS: 40901,
  /** Regenerate, swipe: the reply is not the chat's latest; the greeting: the chat has begun. HTTP 409. */
  NOT_LATEST: 40902,
  /** Too many streams open at once for this user. HTTP 429. */
  TOO_MANY_STREAMS: 42902,
  /** Too many messages this minute. HTTP 429, data.retry_after seconds. */
  TOO_MANY_MESSAGES: 42903,
  /** The daily free replies on the standard model are used up. HTTP 402. Opens the subscription dialog. */
  ALLOWANCE_EXHAUSTED: 40201,
  /** The coin balance does not cover this model's reply. HTTP 402. Opens the coin dialog. */
  INSUFFICIENT_COINS: 40202,
  /** The chat id is unknown or not the user's chat with this character (both alike). HTTP 404. */
  CHAT_NOT_FOUND: 40411,
  /** The model is unknown or switched off. HTTP 400. */
  MODEL_UNAVAILABLE: 40011,
  /** Stream error: the model failed or sent something unreadable. */
  UPSTREAM_FAILED: 50201,
  /** Stream error: the model did not start answering in time. */
  UPSTREAM_TIMEOUT: 50401,
  /** Stream error: the reply was written but could not be saved (the database was unavailable). */
  REPLY_NOT_SAVED: 50301,
  /** Stream error: the server stopped (a deploy, a restart) while the reply was written; its text so far is kept. */
  SERVER_STOPPING: 50302,
} as const;
