/**
 * The user's chats with a character: list, create, rename, delete and export (lib/contracts/chat.ts), answers
 * validated with the zod/mini schemas of chat-client.ts.
 */
import { apiPost } from "@/lib/api";
import { fetchApiFile, type ApiFile } from "@/lib/api/fetch-file";
import {
  chatDeletedSchema,
  chatSummaryAnswerSchema,
  chatSummaryListSchema,
  type ChatSummary,
} from "@/lib/contracts/chat-client";

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

/** The export file of one chat (the API client's signing and bearer token, like every request). */
export function fetchChatExport(
  robotId: number,
  chatId: string,
  format: ChatExportFormat,
  signal?: AbortSignal,
): Promise<ApiFile> {
  const query = { robot_id: String(robotId), chat_id: chatId, format };
  return fetchApiFile("/v1/chat_session/export", query, `chat.${format}`, signal);
}
