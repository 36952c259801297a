"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { trackClick } from "@/lib/analytics/click-label";
import { passwordRule } from "@/lib/validation/auth-rules";
import { FormAlert, LoadingButton, PasswordField } from "./fields";
import type { LoginFlow } from "./use-login-flow";

const schema = z.object({ password: passwordRule });

/** Step 2a: the password of an existing account. 12004 shows under the field, other failures above the button. */
export function PasswordStep({ flow }: { flow: LoginFlow }) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { password: "" }, reValidateMode: "onSubmit" });

  const onSubmit = handleSubmit(async ({ password }) => {
    const failure = await flow.login(password);
    if (failure)
      setError(failure.field ?? "root.server", { type: "server", message: failure.message }, { shouldFocus: true });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {/* lets password managers pair the password with the address */}
      <input type="email" name="username" autoComplete="username" value={flow.email} readOnly hidden />
      <div className="flex flex-col gap-1.5">
        <PasswordField
          label="Password"
          autoComplete="current-password"
          autoFocus
          error={errors.password?.message}
          {...register("password", {
            onChange: () => {
              clearErrors("password");
              clearErrors("root.server");
            },
          })}
        />
        <button
          type="button"
          onClick={() => flow.goTo("forgot_password")}
          className="self-end rounded text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Forgot password?
        </button>
      </div>
      <FormAlert message={errors.root?.server?.message} />
      <LoadingButton type="submit" {...trackClick("login_popup", "password")} loading={flow.loading} className="h-11">
        Sign in
      </LoadingButton>
    </form>
  );
}
