/**
 * Calls that change a chat's messages (regenerate, swipes, edits, deletions), answers validated with the zod/mini
 * schemas of lib/contracts/chat-client.ts. Each names a message by id.
 */
import { apiPost } from "@/lib/api";
import { postStream } from "@/lib/api/sse";
import {
  chatDeleteSchema,
  chatGreetingSchema,
  chatMessageAnswerSchema,
  type ChatDeleted,
  type ChatMessageAnswer,
} from "@/lib/contracts/chat-client";

/** A new reply to the message the latest reply answers; `shownLength` when that reply was still being written. */
export function openRegenerateStream(
  input: { messageId: number; model: string | null; shownLength?: number },
  signal: AbortSignal,
): AsyncIterable<unknown> {
  return postStream(
    "/v1/chat_session/regenerate",
    {
      message_id: input.messageId,
      ...(input.model ? { model: input.model } : {}),
      ...(input.shownLength !== undefined ? { shown_length: input.shownLength } : {}),
    },
    { signal },
  );
}

/** The user's message with new text, later messages removed, and a new reply streamed. */
export function openResendStream(
  input: { messageId: number; message: string; model: string | null },
  signal: AbortSignal,
): AsyncIterable<unknown> {
  return postStream(
    "/v1/chat_session/resend",
    { message_id: input.messageId, message: input.message, ...(input.model ? { model: input.model } : {}) },
    { signal },
  );
}

export function chooseSwipe(messageId: number, index: number): Promise<ChatMessageAnswer> {
  return apiPost("/v1/chat_session/swipe", { message_id: messageId, index }, { schema: chatMessageAnswerSchema });
}

export async function chooseGreeting(robotId: number, chatId: string | null, index: number): Promise<number> {
  const answer = await apiPost(
    "/v1/chat_session/greeting",
    { robot_id: robotId, index, ...(chatId === null ? {} : { chat_id: chatId }) },
    { schema: chatGreetingSchema },
  );
  return answer.greeting_index;
}

export function editReply(messageId: number, content: string): Promise<ChatMessageAnswer> {
  return apiPost("/v1/chat_session/edit", { message_id: messageId, content }, { schema: chatMessageAnswerSchema });
}

export function deleteMessages(messageId: number, scope: "message" | "after"): Promise<ChatDeleted> {
  return apiPost("/v1/chat_session/delete_messages", { message_id: messageId, scope }, { schema: chatDeleteSchema });
}
