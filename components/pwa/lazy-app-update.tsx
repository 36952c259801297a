"use client";

import dynamic from "next/dynamic";
import { useCallback, useState } from "react";
import { useIdlePrefetch } from "@/components/use-idle-prefetch";

const loadUpdateToast = () => import("./update-toast");
const UpdateToast = dynamic(() => loadUpdateToast().then((m) => m.UpdateToast), { ssr: false });

/**
 * Registers the service worker and watches for new builds once the page has settled, so neither costs the
 * first load. Production only: development stays free of a worker (and of its caches).
 */
export function LazyAppUpdate() {
  const [mounted, setMounted] = useState(false);
  useIdlePrefetch(useCallback(() => loadUpdateToast().then(() => setMounted(true)), []));
  if (process.env.NODE_ENV !== "production") return null;
  return mounted ? <UpdateToast /> : null;
}
