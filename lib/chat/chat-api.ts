/**
 * The chat page's API calls, answers validated with the zod/mini schemas of lib/contracts/chat-client.ts.
 */
import { apiGet, apiPost } from "@/lib/api";
import { postStream } from "@/lib/api/sse";
import type { ChatHistory, ChatModelList, ChatStop } from "@/lib/contracts/chat-client";

/** Loaded with the first answer, not with the page: the schemas are zod, which stays out of first-load JavaScript. */
const schemas = () => import("@/lib/contracts/chat-client");

const HISTORY_PAGE_SIZE = 30;

export function fetchChatHistory(robotId: number, before: number | null, signal?: AbortSignal): Promise<ChatHistory> {
  const body =
    before === null
      ? { robot_id: robotId, limit: HISTORY_PAGE_SIZE }
      : { robot_id: robotId, before, limit: HISTORY_PAGE_SIZE };
  return apiPost("/v1/chat_session/history", body, {
    schema: () => schemas().then((m) => m.chatHistorySchema),
    signal,
  });
}

export function fetchChatModels(robotKey: string, signal?: AbortSignal): Promise<ChatModelList> {
  return apiGet(
    "/v1/chat_session/model",
    { robot_key: robotKey },
    { schema: () => schemas().then((m) => m.chatModelListSchema), signal },
  );
}

export async function setChatModel(robotId: number, model: string): Promise<string> {
  return (
    await apiPost(
      "/v1/chat_session/set_model",
      { robot_id: robotId, model },
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
  input: { robotId: number; message: string; model: string | null },
  signal: AbortSignal,
): AsyncIterable<unknown> {
  const body = input.model
    ? { robot_id: input.robotId, message: input.message, model: input.model }
    : { robot_id: input.robotId, message: input.message };
  return postStream("/v1/chat_session/chat", body, { signal });
}
