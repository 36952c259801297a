import { PaymentLoading } from "@/components/payment/payment-loading";

export const metadata = { title: "Preparing payment", robots: { index: false } };

/** Opened synchronously by the purchase click; the opener points this tab at the payment page. */
export default function PaymentLoadingPage() {
  return <PaymentLoading />;
}
