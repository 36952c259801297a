"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { Button } from "@/components/ui/button";
import { readAgeGateIntent } from "@/lib/age-gate/gate-intent";
import { confirmAdult, setNsfw } from "@/lib/age-gate/preferences";

export function AgeConfirm() {
  const router = useRouter();
  const { next, nsfw } = readAgeGateIntent(useSearchParams());
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
      <Button
        className="h-11 px-6"
        onClick={() => {
          confirmAdult();
          if (nsfw) setNsfw(true);
          router.replace(next);
          router.refresh();
        }}
      >
        I am 18 or older
      </Button>
      <Button variant="secondary" className="h-11 px-6" onClick={() => router.replace("/")}>
        Take me back
      </Button>
    </div>
  );
}
