"use client";

import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { useClientValue } from "@/components/use-client-value";
import { trackClick } from "@/lib/analytics/click-label";
import { ageGateHref } from "@/lib/age-gate/gate-intent";
import { isAgeVerified, isNsfwOn, setNsfw } from "@/lib/age-gate/preferences";

/** The NSFW setting: it can be turned on only after age verification, which it leads to first (and back, on). */
export function NsfwToggle({ initialOn }: { initialOn: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const cookieOn = useClientValue(isNsfwOn, initialOn);
  const [pending, setPending] = useState<boolean | null>(null);
  const on = pending ?? cookieOn;

  function toggle() {
    const next = !on;
    if (next && !isAgeVerified()) {
      // The gate turns the setting on as it confirms the age: one click, not a second one on return.
      router.push(ageGateHref(pathname ?? "/", true));
      return;
    }
    setNsfw(next);
    setPending(next);
    router.refresh();
  }

  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
      <span>Show 18+ characters</span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label="Show 18+ characters"
        {...trackClick("index", on ? "nsfw_off" : "nsfw_on")}
        onClick={toggle}
        className={`relative h-6 w-11 rounded-full transition outline-none focus-visible:ring-2 focus-visible:ring-ring ${on ? "bg-primary" : "bg-muted-foreground/40"}`}
      >
        <span
          className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${on ? "left-[22px]" : "left-0.5"}`}
        />
      </button>
    </label>
  );
}
