export const metadata = { title: "Preparing payment", robots: { index: false } };

/** Opened synchronously by the purchase click; the opener points this tab at the payment page. */
export default function PaymentLoadingPage() {
  return (
    <main className="flex min-h-[60dvh] flex-col items-center justify-center gap-4" aria-busy="true">
      <span className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <p role="status">Preparing your secure payment page…</p>
    </main>
  );
}
