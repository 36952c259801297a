import { PaymentResultNotifier } from "@/components/payment/payment-result-notifier";

export const metadata = { title: "Payment result", robots: { index: false } };

export default function PaymentCallbackPage() {
  return (
    <PaymentResultNotifier
      code="payment-success"
      title="Payment Successful"
      text="You can close this tab and return to Kewl."
    />
  );
}
