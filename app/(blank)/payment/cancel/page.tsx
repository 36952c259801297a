import { PaymentResultNotifier } from "@/components/payment/payment-result-notifier";

export const metadata = { title: "Payment cancelled", robots: { index: false } };

export default function PaymentCancelPage() {
  return (
    <PaymentResultNotifier
      code="payment-cancel"
      title="Payment Cancelled"
      text="Your payment was cancelled. You can try again anytime."
    />
  );
}
