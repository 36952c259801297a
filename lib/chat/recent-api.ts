/** The home page's "continue chatting" list; apart from chat-api.ts so home does not load the chat client. */
import { apiGet } from "@/lib/api/client";
import type { RecentChat } from "@/lib/contracts/chat-client";

const RECENT_CHATS_LIMIT = 12;

/** Loaded with the answer, so zod stays out of home's first-load JavaScript. */
const recentChatListSchema = () => import("@/lib/contracts/chat-client").then((m) => m.recentChatListSchema);

export async function fetchRecentChats(signal?: AbortSignal): Promise<RecentChat[]> {
  return (
    await apiGet(
      "/v1/chat_session/recent_list",
      { limit: RECENT_CHATS_LIMIT },
      { schema: recentChatListSchema, signal },
    )
  ).list;
}
