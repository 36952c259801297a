/** A chat's long-term memory calls (lib/contracts/chat-memory.ts), answers validated with chatMemorySchema. */
import { apiGet, apiPost } from "@/lib/api";
import { chatMemorySchema, type ChatMemory } from "@/lib/contracts/chat-memory-client";

/** The chat: its character and, when known, its id (else the user's latest chat with the character). */
export interface MemoryChat {
  robotId: number;
  sessionId?: string | null;
}

function ref(chat: MemoryChat): { robot_id: number; session_id?: string } {
  return chat.sessionId ? { robot_id: chat.robotId, session_id: chat.sessionId } : { robot_id: chat.robotId };
}

export function fetchChatMemory(chat: MemoryChat, signal?: AbortSignal): Promise<ChatMemory> {
  const query = chat.sessionId
    ? { robot_id: String(chat.robotId), session_id: chat.sessionId }
    : { robot_id: String(chat.robotId) };
  return apiGet("/v1/chat_session/memory", query, { schema: chatMemorySchema, signal });
}

export function saveMemorySummary(chat: MemoryChat, summary: string): Promise<ChatMemory> {
  return apiPost("/v1/chat_session/memory/update", { ...ref(chat), summary }, { schema: chatMemorySchema });
}

export function pinMemoryFact(chat: MemoryChat, fact: string): Promise<ChatMemory> {
  return apiPost("/v1/chat_session/memory/pin", { ...ref(chat), fact }, { schema: chatMemorySchema });
}

export function unpinMemoryFact(chat: MemoryChat, fact: string): Promise<ChatMemory> {
  return apiPost("/v1/chat_session/memory/unpin", { ...ref(chat), fact }, { schema: chatMemorySchema });
}

export function clearChatMemory(chat: MemoryChat): Promise<ChatMemory> {
  return apiPost("/v1/chat_session/memory/clear", ref(chat), { schema: chatMemorySchema });
}
