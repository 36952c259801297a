"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Button, buttonClassName } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Spinner } from "@/components/ui/spinner";
import { useClientValue } from "@/components/use-client-value";
import { isApiError, isUnauthorizedError, NETWORK_ERROR_CODE } from "@/lib/api/errors";
import { cancelSandboxOrder, fetchSandboxCheckout, paySandboxOrder } from "@/lib/billing/sandbox-api";
import type { SandboxCheckout as Checkout } from "@/lib/contracts/billing-client";
import { formatMoney } from "@/lib/format/money";
import { selectIsLoggedIn, useAuthStore } from "@/stores/auth-store";

const SIGNED_OUT = "You're signed out. Sign in to Kewl in this browser, then start the purchase again.";

/** What to tell the payer about a failed call: the server's words for a refusal, else a general line. */
function failureText(error: unknown): string {
  if (isUnauthorizedError(error)) return SIGNED_OUT;
  if (isApiError(error) && error.code === NETWORK_ERROR_CODE)
    return "Network error. Check your connection and try again.";
  if (isApiError(error) && error.status === 404) return "This order doesn't exist or belongs to another account.";
  if (isApiError(error) && error.code > 0 && error.msg) return error.msg;
  return "Something went wrong. Please try again later.";
}

const ENDED: Record<Exclude<Checkout["status"], "pending">, string> = {
  paid: "This order is already paid.",
  cancelled: "This order was cancelled.",
  failed: "This payment failed.",
};

/**
 * The sandbox checkout: the order (what, how much) and Pay / Cancel, plainly marked as a test in which no money
 * moves. Pay confirms on the server, which fulfils the order as a provider's event would; then the tab goes to
 * /payment/callback (or /payment/cancel), which tells the opener and closes.
 */
export function SandboxCheckout({ orderCode }: { orderCode: string }) {
  const router = useRouter();
  const hydrated = useClientValue(() => true, false);
  const signedIn = useAuthStore(selectIsLoggedIn);
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const checkout = useQuery({
    queryKey: ["payment", "sandbox", orderCode],
    queryFn: ({ signal }) => fetchSandboxCheckout(orderCode, signal),
    enabled: hydrated && signedIn,
    staleTime: 0,
  });

  async function act(kind: "pay" | "cancel") {
    if (busy) return;
    setBusy(kind);
    setActionError(null);
    try {
      if (kind === "pay") await paySandboxOrder(orderCode);
      else await cancelSandboxOrder(orderCode);
      const order = `?order=${encodeURIComponent(orderCode)}`;
      router.replace(kind === "pay" ? `/payment/callback${order}` : `/payment/cancel${order}`);
    } catch (error) {
      setActionError(failureText(error));
      setBusy(null);
      void checkout.refetch();
    }
  }

  let body: ReactNode;
  if (!hydrated || (signedIn && checkout.isPending)) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner size="lg" label="Loading the order" />
      </div>
    );
  } else if (!signedIn) {
    body = <Ended text={SIGNED_OUT} />;
  } else if (checkout.isError) {
    body = <Ended text={failureText(checkout.error)} />;
  } else if (checkout.data) {
    const order = checkout.data;
    const amount = formatMoney(order.money, order.currency);
    body = (
      <>
        <OrderDetails order={order} amount={amount} />
        {actionError ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
            {actionError}
          </p>
        ) : null}
        {order.status === "pending" ? (
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button onClick={() => void act("pay")} busy={busy !== null} className="h-11 w-full sm:w-auto sm:flex-1">
              {busy === "pay" ? <Spinner size="sm" label="Paying" className="text-current" /> : null}
              Pay {amount} (test)
            </Button>
            <Button
              variant="secondary"
              onClick={() => void act("cancel")}
              busy={busy !== null}
              className="h-11 w-full sm:w-auto sm:flex-1"
            >
              Cancel payment
            </Button>
          </div>
        ) : (
          <Ended tone="status" text={ENDED[order.status]} />
        )}
      </>
    );
  }

  return (
    <>
      <div>
        <p className="inline-flex rounded-full border border-amber-600/50 bg-amber-500/15 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase dark:border-amber-400/50 dark:text-amber-100">
          Test mode
        </p>
        <h1 className="mt-3 text-2xl font-bold">Test payment</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          This is Kewl&apos;s sandbox checkout. No real money is charged and no card is needed.
        </p>
      </div>
      {body}
    </>
  );
}

function OrderDetails({ order, amount }: { order: Checkout; amount: string }) {
  return (
    <dl
      data-testid="sandbox-order"
      className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 rounded-2xl border border-border bg-card p-5 text-sm"
    >
      <dt className="text-muted-foreground">Product</dt>
      <dd className="font-semibold">{order.product_name}</dd>
      <dt className="text-muted-foreground">Details</dt>
      <dd>{order.description}</dd>
      <dt className="text-muted-foreground">Amount</dt>
      <dd className="text-lg font-bold" data-testid="sandbox-amount">
        {amount}
      </dd>
      <dt className="text-muted-foreground">Order</dt>
      <dd className="font-mono text-xs break-all">{order.order_code}</dd>
    </dl>
  );
}

/** A page that cannot take a payment (signed out, not this user's order, already paid…) and the way home. */
function Ended({ text, tone = "alert" }: { text: string; tone?: "alert" | "status" }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <p role={tone} className="text-base">
        {text}
      </p>
      <Link href="/" className={buttonClassName("secondary", "md")}>
        Go back home
      </Link>
    </div>
  );
}
