import { z } from "zod";
import { MEMORY_FACT_MAX_CHARS, MEMORY_SUMMARY_MAX_CHARS } from "./chat-memory-client";
import { ID_MAX, text, wholeNumber, wholeNumberParam } from "./fields";

/**
 * Requests of a chat's long-term memory (answers: ChatMemory in chat-memory-client.ts). A chat is named by
 * `robot_id` and, optionally, `session_id` (the chat id that POST /v1/chat_session/history answers); without it,
 * the user's latest chat with the character. Another user's chat, or a chat with a character the user can no
 * longer open, is a 404.
 */
const chatId = text().trim().uuid("Invalid chat id");

/** GET /v1/chat_session/memory?robot_id=&session_id= → ChatMemory (empty before anything was remembered). */
export const chatMemoryQuery = z.object({ robot_id: wholeNumberParam(1, ID_MAX), session_id: chatId.optional() });

const chatRef = { robot_id: wholeNumber(1, ID_MAX), session_id: chatId.optional() };

/** POST /v1/chat_session/memory/update: { robot_id, session_id?, summary } → ChatMemory. An empty summary is allowed. */
export const chatMemoryUpdateRequest = z.object({
  ...chatRef,
  summary: text()
    .trim()
    .max(MEMORY_SUMMARY_MAX_CHARS, `The summary can be at most ${MEMORY_SUMMARY_MAX_CHARS} characters`),
});

const fact = text()
  .trim()
  .min(1, "Write the fact to remember")
  .max(MEMORY_FACT_MAX_CHARS, `A fact can be at most ${MEMORY_FACT_MAX_CHARS} characters`);

/** POST /v1/chat_session/memory/pin: { robot_id, session_id?, fact } → ChatMemory. A fact already pinned stays once. */
export const chatMemoryPinRequest = z.object({ ...chatRef, fact });

/** POST /v1/chat_session/memory/unpin: { robot_id, session_id?, fact } → ChatMemory. */
export const chatMemoryUnpinRequest = z.object({ ...chatRef, fact });

/**
 * POST /v1/chat_session/memory/clear: { robot_id, session_id? } → ChatMemory. Empties the summary and the facts;
 * the turns already summarised are not summarised again.
 */
export const chatMemoryClearRequest = z.object(chatRef);
