"use client";

import { Button } from "@/components/ui/button";
import { trackClick } from "@/lib/analytics/click-label";
import { useDialogStore } from "@/stores/dialog-store";

/** /create for visitors: what creating is, and a button that opens the sign-in dialog. */
export function CreateSignedOut() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-10 text-center">
      <p className="text-muted-foreground">
        Make your own AI character: give it a name, a face, a personality and the first thing it says. Keep it private,
        share it by link, or publish it for everyone to find. You can also bring a character card from SillyTavern, Chub
        or RisuAI.
      </p>
      <Button
        className="h-11 px-6"
        onClick={() => useDialogStore.getState().openLogin()}
        {...trackClick("login", "create")}
      >
        Sign in to create
      </Button>
    </section>
  );
}
