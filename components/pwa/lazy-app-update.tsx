"use client";

import dynamic from "next/dynamic";
import { useCallback, useEffect, useState } from "react";
import { useIdlePrefetch } from "@/components/use-idle-prefetch";

const loadUpdateToast = () => import("./update-toast");
const UpdateToast = dynamic(() => loadUpdateToast().then((m) => m.UpdateToast), { ssr: false });
const production = process.env.NODE_ENV === "production";

/**
 * Registers the service worker and watches for new builds once the page has settled, so neither costs the
 * first load. Production only: development stays free of a worker, and drops one a production run on the same
 * origin left behind (it would serve stale pages).
 */
export function LazyAppUpdate() {
  const [mounted, setMounted] = useState(false);
  useIdlePrefetch(
    useCallback(() => (production ? loadUpdateToast().then(() => setMounted(true)) : Promise.resolve()), []),
  );
  useEffect(() => {
    if (production || !("serviceWorker" in navigator)) return;
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
      .catch(() => undefined);
  }, []);
  return mounted ? <UpdateToast /> : null;
}
