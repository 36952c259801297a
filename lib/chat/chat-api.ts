/**
 * The chat page's API calls, answers validated with the zod/mini schemas of lib/contracts/chat-client.ts.
 */
import { apiGet, apiPost } from "@/lib/api";
import { postStream } from "@/lib/api/sse";
import type { ChatHistory, ChatModelList, ChatStop } from "@/lib/contracts/chat-client";

/** Loaded with the first answer, not with the page: the schemas are zod, which stays out of first-load JavaScript. */
const schemas = () => import("@/lib/contracts/chat-client");

const HISTORY_PAGE_SIZE = 30;

/** `{ chat_id }` when a chat is chosen; without it the server means the latest chat with the character. */
function chatField(chatId: string | null): { chat_id?: string } {
  return chatId === null ? {} : { chat_id: chatId };
}

export function fetchChatHistory(
  robotId: number,
  chatId: string | null,
  before: number | null,
  signal?: AbortSignal,
): Promise<ChatHistory> {
  const body = {
    robot_id: robotId,
    ...chatField(chatId),
    ...(before === null ? {} : { before }),
    limit: HISTORY_PAGE_SIZE,
  };
  return apiPost("/v1/chat_session/history", body, {
    schema: () => schemas().then((m) => m.chatHistorySchema),
    signal,
  });
}

export function fetchChatModels(robotKey: string, chatId: string | null, signal?: AbortSignal): Promise<ChatModelList> {
  return apiGet(
    "/v1/chat_session/model",
    { robot_key: robotKey, ...chatField(chatId) },
    { schema: () => schemas().then((m) => m.chatModelListSchema), signal },
  );
}

export async function setChatModel(robotId: number, chatId: string | null, model: string): Promise<string> {
  return (
    await apiPost(
      "/v1/chat_session/set_model",
      { robot_id: robotId, model, ...chatField(chatId) },
      { schema: () => schemas().then((m) => m.chatSetModelSchema) },
    )
  ).current;
}

/** After Stop: the server keeps the first `shownLength` characters of the reply, what the page showed. */
export function stopChatReply(messageId: number, shownLength: number): Promise<ChatStop> {
  return apiPost(
    "/v1/chat_session/stop",
    { message_id: messageId, shown_length: shownLength },
    { schema: () => schemas().then((m) => m.chatStopSchema) },
  );
}

/** The reply stream for one message: raw messages for consumeChatStream. Aborting `signal` stops the reply. */
export function openChatStream(
  input: { robotId: number; chatId: string | null; message: string; model: string | null },
  signal: AbortSignal,
): AsyncIterable<unknown> {
  const body = {
    robot_id: input.robotId,
    message: input.message,
    ...(input.model ? { model: input.model } : {}),
    ...chatField(input.chatId),
  };
  return postStream("/v1/chat_session/chat", body, { signal });
}
