/**
 * TanStack Query keys of billing data. The wallet is the chat's key (lib/chat/query-keys.ts), so a purchase
 * refreshes the balance in the header, the Get Coins dialog and the chat at once.
 */
export const billingQueryKeys = {
  subscriptionProducts: () => ["billing", "subscribe-products"] as const,
  coinProducts: () => ["billing", "coin-products"] as const,
  subscription: (uid: string | null) => ["billing", "subscription", uid] as const,
};
