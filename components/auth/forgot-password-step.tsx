"use client";

import { useState, type FormEvent } from "react";
import { trackClick } from "@/lib/analytics/click-label";
import { FormAlert, LoadingButton } from "./fields";
import type { LoginFlow } from "./use-login-flow";

/** Step 3: sends the reset link (send_email type 3); success returns to the e-mail step with a toast. */
export function ForgotPasswordStep({ flow }: { flow: LoginFlow }) {
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const failure = await flow.sendReset();
    if (failure) setError(failure.message);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="rounded-lg bg-muted px-3 py-2.5 text-sm text-muted-foreground">
        If it does not arrive within a few minutes, check your spam folder.
      </p>
      <FormAlert message={error} />
      <LoadingButton
        type="submit"
        {...trackClick("login_popup", "forgot_password")}
        loading={flow.loading}
        className="h-11"
        autoFocus
      >
        Send reset link
      </LoadingButton>
    </form>
  );
}
