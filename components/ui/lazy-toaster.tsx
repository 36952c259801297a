"use client";

import dynamic from "next/dynamic";
import { useCallback, useState } from "react";
import { useIdlePrefetch } from "@/components/use-idle-prefetch";
import { useToastStore } from "@/stores/toast-store";

const loadToaster = () => import("./toaster");
const Toaster = dynamic(() => loadToaster().then((m) => m.Toaster), { ssr: false });

/**
 * The Radix toaster, kept out of the first-load JavaScript: it mounts once the page has settled (its code fetched
 * when the browser is idle), or earlier with the first toast. Toasts raised before it loads wait in the store.
 * Mount once, inside <body> of the root layout.
 */
export function LazyToaster() {
  const hasToast = useToastStore((s) => s.toasts.length > 0);
  const [mounted, setMounted] = useState(false);
  if (hasToast && !mounted) setMounted(true);
  useIdlePrefetch(useCallback(() => loadToaster().then(() => setMounted(true)), []));
  return mounted ? <Toaster /> : null;
}
