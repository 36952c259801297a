/** TanStack Query keys of chat data; the uid keeps one user's cached answers away from the next user's. */
export const chatQueryKeys = {
  wallet: (uid: string | null) => ["wallet", uid] as const,
  models: (robotKey: string, uid: string | null) => ["chat", "models", robotKey, uid] as const,
  recent: (uid: string | null) => ["chat", "recent", uid] as const,
  recentAll: () => ["chat", "recent"] as const,
  persona: (robotId: number, uid: string | null) => ["chat", "persona", robotId, uid] as const,
};
