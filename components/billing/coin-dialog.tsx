"use client";

import { useEffect, useId, useState } from "react";
import { CoinIcon } from "@/components/chat/chat-icons";
import { useWallet } from "@/components/chat/use-wallet";
import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { Spinner } from "@/components/ui/spinner";
import { createCoinOrder } from "@/lib/billing/coin-api";
import { purchaseDisabled, selectedPackId } from "@/lib/billing/coin-rules";
import { formatCount } from "@/lib/format/count";
import { useViewer } from "@/components/chat/use-viewer";
import { useDialogStore } from "@/stores/dialog-store";
import { CoinPackCard } from "./coin-pack-card";
import { LoadFailed, Loading } from "./load-state";
import { BillingReasonNotice } from "./billing-reason";
import { PaymentBanner } from "./payment-banner";
import { useCoinProducts, useProductsFailureToast } from "./use-billing-data";
import { useCheckout } from "./use-checkout";

export const COIN_DIALOG_TITLE = "Get Coins";

/** SPEC §2 dialog 4: the balance, the coin packages, 'Purchase Now' and the payment result banner. */
export function CoinDialog() {
  const open = useDialogStore((s) => s.billingDialog === "coins");
  const result = useDialogStore((s) => s.paymentResult);
  const products = useCoinProducts({ enabled: open });
  const { pending, checkout } = useCheckout();
  const [picked, setPicked] = useState<string | null>(null);
  const groupName = useId();
  useProductsFailureToast(products, "Failed to load coin data");

  const packs = products.data?.product_list ?? [];
  const selectedId = selectedPackId(packs, picked);
  const selected = packs.find((p) => p.product_id === selectedId) ?? null;

  function onOpenChange(next: boolean) {
    if (next) return;
    useDialogStore.getState().closeBilling();
    setPicked(null);
  }

  function buy() {
    if (!selected || purchaseDisabled(selectedId, pending)) return;
    checkout(() => createCoinOrder(selected));
  }

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={COIN_DIALOG_TITLE}
      className="sm:max-w-2xl"
      footer={
        // Centred from 640px: toasts stack at the bottom right there, and the result of this very button (a cancel
        // toast, a failed order) must never sit on top of it.
        <Button
          onClick={buy}
          disabled={selectedId === null}
          busy={pending}
          data-testid="coin-purchase"
          aria-busy={pending || undefined}
          className="h-11 w-full sm:mx-auto sm:w-auto sm:min-w-48"
        >
          {pending ? <Spinner size="sm" label="Please wait" className="text-current" /> : null}
          Purchase Now
        </Button>
      }
    >
      <BillingReasonNotice />
      <PaymentBanner dialog="coins" result={result} />
      <Balance open={open} />
      {products.data && packs.length === 0 ? (
        <p className="py-12 text-center text-sm text-muted-foreground">No coin packages are available right now.</p>
      ) : products.data ? (
        <fieldset className="min-w-0">
          <legend className="sr-only">Coin packages</legend>
          <div data-testid="coin-pack-list" className="grid grid-cols-2 gap-3 pt-2 sm:grid-cols-3 sm:gap-4">
            {packs.map((pack) => (
              <CoinPackCard
                key={pack.product_id}
                pack={pack}
                name={groupName}
                selected={pack.product_id === selectedId}
                onSelect={() => setPicked(pack.product_id)}
              />
            ))}
          </div>
        </fieldset>
      ) : products.isError ? (
        <LoadFailed what="coin packages" onRetry={() => void products.refetch()} />
      ) : (
        <Loading text="Loading coin packages..." />
      )}
    </ResponsiveDialog>
  );
}

/** 'My Coins': loaded each time the dialog opens; 0 when it cannot be loaded (logged only, SPEC §8). */
function Balance({ open }: { open: boolean }) {
  const { uid } = useViewer();
  const wallet = useWallet({ enabled: open, staleTime: 0 });
  const { error } = wallet;
  useEffect(() => {
    if (error) console.warn("wallet could not be loaded", error);
  }, [error]);
  const loading = wallet.isPending && wallet.fetchStatus === "fetching";
  const balance = wallet.data?.wallet_info.buy_coin ?? 0;
  return (
    <div className="mb-4 flex items-center justify-between gap-3 rounded-xl border border-border bg-muted/60 px-4 py-3">
      <span className="text-sm font-medium text-muted-foreground">My Coins</span>
      <span className="flex items-center gap-1.5 text-lg font-bold" data-testid="coin-balance" aria-busy={loading}>
        <CoinIcon width={20} height={20} className="text-amber-600 dark:text-amber-400" />
        {uid === null ? (
          <span className="text-sm font-normal text-muted-foreground">Sign in to see your balance</span>
        ) : loading ? (
          <Spinner size="sm" label="Loading balance" />
        ) : (
          <span title={String(balance)}>{formatCount(balance)}</span>
        )}
      </span>
    </div>
  );
}
