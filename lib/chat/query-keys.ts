/** TanStack Query keys of chat data; the uid keeps one user's cached answers away from the next user's. */
export const chatQueryKeys = {
  wallet: (uid: string | null) => ["wallet", uid] as const,
  models: (robotKey: string, uid: string | null, chatId: string | null) =>
    ["chat", "models", robotKey, uid, chatId] as const,
  /** The user's chats with one character (the chat list panel). */
  chats: (robotId: number, uid: string | null) => ["chat", "chats", robotId, uid] as const,
  chatsAll: () => ["chat", "chats"] as const,
  recent: (uid: string | null) => ["chat", "recent", uid] as const,
  recentAll: () => ["chat", "recent"] as const,
  memory: (robotId: number, sessionId: string | null, uid: string | null) =>
    ["chat", "memory", robotId, sessionId, uid] as const,
  persona: (robotId: number, chatId: string | null, uid: string | null) =>
    ["chat", "persona", robotId, chatId, uid] as const,
};
