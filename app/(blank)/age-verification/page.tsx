import { Suspense } from "react";
import { AgeConfirm } from "@/components/age-gate/age-confirm";

export const metadata = { title: "Age verification", robots: { index: false } };

export default function AgeVerificationPage() {
  return (
    <main className="py-10 text-center">
      <p
        className="mx-auto flex size-20 items-center justify-center rounded-full border-4 border-destructive text-2xl font-black text-destructive"
        aria-hidden="true"
      >
        18+
      </p>
      <h1 className="mt-4 text-2xl font-bold">Are you 18 or older?</h1>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground">
        Some characters are meant for adults. Please confirm your age to continue. We remember your answer on this
        device.
      </p>
      <Suspense>
        <AgeConfirm />
      </Suspense>
    </main>
  );
}
