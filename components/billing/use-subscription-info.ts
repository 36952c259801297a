"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useViewer } from "@/components/chat/use-viewer";
import { billingQueryKeys } from "@/lib/billing/query-keys";
import { fetchSubscriptionInfo } from "@/lib/billing/subscribe-api";

/** The signed-in user's plan (SPEC §3 subscription info); visitors have none. A failure is only logged (SPEC §8). */
export function useSubscriptionInfo({ enabled, staleTime = 0 }: { enabled: boolean; staleTime?: number }) {
  const { ready, uid } = useViewer();
  const query = useQuery({
    queryKey: billingQueryKeys.subscription(uid),
    queryFn: ({ signal }) => fetchSubscriptionInfo(signal),
    enabled: enabled && ready && uid !== null,
    staleTime,
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.warn("subscription info could not be loaded", error);
  }, [error]);
  return query;
}
