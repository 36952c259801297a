import { QueryIsland } from "@/components/query/query-island";
import { SandboxCheckout } from "@/components/payment/sandbox-checkout";
import { routeParam } from "@/server/pages/route-param";

export const metadata = { title: "Test payment", robots: { index: false } };

type Props = { params: Promise<{ order: string }> };

/** The built-in sandbox provider's payment page (PAYMENT_PROVIDER=sandbox): the payment tab is sent here. */
export default async function SandboxPaymentPage({ params }: Props) {
  const { order } = await params;
  return (
    <main className="mx-auto flex w-full max-w-md flex-col gap-6 py-2 sm:py-6">
      <QueryIsland>
        <SandboxCheckout orderCode={routeParam(order)} />
      </QueryIsland>
    </main>
  );
}
