"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useIdlePrefetch } from "@/components/use-idle-prefetch";
import { useDialogStore } from "@/stores/dialog-store";
import { loadBillingDialogs } from "./billing-loaders";

const BillingDialogsContent = dynamic(() => loadBillingDialogs().then((m) => m.BillingDialogsContent), {
  ssr: false,
});

/**
 * 'Choose your subscription' and 'Get Coins', kept out of the first-load JavaScript like the account dialogs:
 * fetched once the page has settled, mounted the first time one opens, and kept mounted after that (their
 * listener hears the payment tab even while they are closed).
 */
export function BillingDialogs() {
  const open = useDialogStore((s) => s.billingDialog !== null);
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  useIdlePrefetch(loadBillingDialogs);
  return mounted ? <BillingDialogsContent /> : null;
}
