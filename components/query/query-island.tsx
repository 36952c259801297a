"use client";

import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { useContext, useState, type ReactNode } from "react";
import { getQueryClient } from "@/lib/query/query-client";

/**
 * TanStack Query for the parts of a page that fetch through it. Not in the root layout: TanStack Query is about
 * 13 kB gzip, and the catalogue pages' first load needs none of it (a visitor's header and home fetch nothing);
 * the signed-in header and home rows load it with their own chunks. Every island shares the tab's one client;
 * inside another provider (an island in an island, a component test's own client) it adds nothing.
 */
export function QueryIsland({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(() => outer ?? getQueryClient());
  if (outer) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
