/**
 * The user's chats with a character: list, create, rename, delete and export (lib/contracts/chat.ts), answers
 * validated with the zod/mini schemas of chat-client.ts.
 */
import { apiPost } from "@/lib/api";
import { ApiError, INVALID_RESPONSE_CODE } from "@/lib/api/errors";
import { prepareRequest } from "@/lib/api/prepare-request";
import { readAnswer } from "@/lib/api/read-answer";
import { sendPrepared, toTransportError } from "@/lib/api/send";
import {
  chatDeletedSchema,
  chatSummaryAnswerSchema,
  chatSummaryListSchema,
  type ChatSummary,
} from "@/lib/contracts/chat-client";
import { dispositionFilename } from "@/lib/format/content-disposition";

export type ChatExportFormat = "jsonl" | "md";

export async function fetchChatList(robotId: number, signal?: AbortSignal): Promise<ChatSummary[]> {
  return (await apiPost("/v1/chat_session/list", { robot_id: robotId }, { schema: chatSummaryListSchema, signal }))
    .list;
}

export async function createChat(robotId: number): Promise<ChatSummary> {
  return (await apiPost("/v1/chat_session/create", { robot_id: robotId }, { schema: chatSummaryAnswerSchema })).chat;
}

export async function renameChat(chatId: string, title: string): Promise<ChatSummary> {
  return (await apiPost("/v1/chat_session/rename", { chat_id: chatId, title }, { schema: chatSummaryAnswerSchema }))
    .chat;
}

export async function deleteChat(chatId: string): Promise<void> {
  await apiPost("/v1/chat_session/delete", { chat_id: chatId }, { schema: chatDeletedSchema });
}

/** The export file of one chat (signed and sent like every request, with the bearer token); errors as ApiError. */
export async function fetchChatExport(
  robotId: number,
  chatId: string,
  format: ChatExportFormat,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const prepared = prepareRequest("GET", "/v1/chat_session/export", {
    robot_id: String(robotId),
    chat_id: chatId,
    format,
  });
  const response = await sendPrepared(prepared, signal);
  if (!response.ok) {
    await readAnswer(response, prepared.token, signal);
    throw new ApiError({ code: INVALID_RESPONSE_CODE, status: response.status });
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    throw toTransportError(error, signal);
  }
  const filename = dispositionFilename(response.headers.get("content-disposition")) ?? `chat.${format}`;
  return { blob, filename };
}
