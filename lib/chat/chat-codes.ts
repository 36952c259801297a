/**
 * Browser copies of lib/contracts/chat.ts constants. That module builds classic zod schemas at import time, which
 * the chat island must not load; tests/unit/chat-codes.test.ts keeps these equal to the originals.
 */
export const CHAT_CODE = {
  REPLY_IN_PROGRESS: 40901,
  TOO_MANY_STREAMS: 42902,
  TOO_MANY_MESSAGES: 42903,
  ALLOWANCE_EXHAUSTED: 40201,
  INSUFFICIENT_COINS: 40202,
  MODEL_UNAVAILABLE: 40011,
  UPSTREAM_FAILED: 50201,
  UPSTREAM_TIMEOUT: 50401,
} as const;

export const MESSAGE_MAX_CHARS = 4000;
/** The composer shows its character counter from here on. */
export const MESSAGE_COUNTER_FROM = 3500;
