"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { trackClick } from "@/lib/analytics/click-label";
import { emailRule } from "@/lib/validation/auth-rules";
import { LoadingButton, TextField } from "./fields";
import { OAuthButton } from "./oauth-button";
import type { LoginFlow } from "./use-login-flow";

const schema = z.object({ email: emailRule });

/** Step 1: the e-mail decides between the password step (existing account) and the register step; or third-party sign-in. */
export function EmailStep({ flow }: { flow: LoginFlow }) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: flow.email }, reValidateMode: "onSubmit" });

  const onSubmit = handleSubmit(async ({ email }) => {
    const failure = await flow.submitEmail(email);
    if (failure) setError("email", { type: "server", message: failure.message }, { shouldFocus: true });
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register("email", { onChange: () => clearErrors("email") })}
        />
        <LoadingButton type="submit" {...trackClick("login_popup", "email")} loading={flow.loading} className="h-11">
          Continue
        </LoadingButton>
      </form>
      <OAuthButton flow={flow} />
    </>
  );
}
