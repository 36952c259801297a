import { QueryClient } from "@tanstack/react-query";

const OPTIONS = { defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } } };

let browserClient: QueryClient | undefined;

/**
 * The query cache. One per browser tab, shared by every island that uses it (the header's wallet, the chat, the
 * dialogs see the same data); a fresh one per server render, so nothing cached crosses requests.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return new QueryClient(OPTIONS);
  return (browserClient ??= new QueryClient(OPTIONS));
}
