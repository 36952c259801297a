"use client";

import { QueryIsland } from "@/components/query/query-island";
import { CoinDialog } from "./coin-dialog";
import { SubscriptionDialog } from "./subscription-dialog";
import { usePaymentMessages } from "./use-payment-messages";

/** Both billing dialogs and the payment tab's message listener, loaded together on first use. */
export function BillingDialogsContent() {
  return (
    <QueryIsland>
      <BillingDialogsBody />
    </QueryIsland>
  );
}

function BillingDialogsBody() {
  usePaymentMessages();
  return (
    <>
      <SubscriptionDialog />
      <CoinDialog />
    </>
  );
}
