"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button, buttonClassName } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { resetTokenIsLive } from "@/lib/auth/account-api";
import { submitPasswordReset } from "@/lib/auth/reset-password";
import { passwordRule } from "@/lib/validation/auth-rules";
import { useAuthStore } from "@/stores/auth-store";
import { FormAlert, LoadingButton, PasswordField } from "./fields";

const schema = z
  .object({ password: passwordRule, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: AUTH_MESSAGES.passwordsDiffer });

/** The contract's bounds on a reset token; anything else cannot be a link we sent. */
function isPlausibleResetToken(token: string | null | undefined): token is string {
  return !!token && token.length >= 16 && token.length <= 200;
}

function Notice({ tone, children }: { tone: "ok" | "error"; children: ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`text-base ${tone === "error" ? "text-destructive" : "text-foreground"}`}
    >
      {children}
    </p>
  );
}

/** Invalid or missing link: the message and a way home. */
function InvalidResetLink() {
  return (
    <div className="flex flex-col items-start gap-4">
      <Notice tone="error">{AUTH_MESSAGES.resetLinkInvalid}</Notice>
      <Link href="/" className={buttonClassName("secondary", "md")}>
        Go back home
      </Link>
    </div>
  );
}

/** Sign in with the address of the account just reset: the modal opens at its password step. */
function openSignIn(email: string) {
  const store = useAuthStore.getState();
  if (email) {
    store.setEmail(email);
    store.setExistingUser(true);
    store.setStep("password");
  }
  store.openModal();
}

/**
 * New password + confirmation for the e-mailed reset link (SPEC §2 route /reset-password). On load it asks the
 * server whether the link is still usable, so a used or expired link says so before anything is typed.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const router = useRouter();
  const [state, setState] = useState<"form" | "done" | "invalid">(isPlausibleResetToken(token) ? "form" : "invalid");
  const [email, setEmail] = useState("");

  useEffect(() => {
    if (!isPlausibleResetToken(token)) return;
    let current = true;
    // A failed check (offline, rate limit) leaves the form: the reset itself gives the final word.
    resetTokenIsLive(token).then(
      (live) => {
        if (current && !live) setState("invalid");
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [token]);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { password: "", confirm: "" },
    reValidateMode: "onSubmit",
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    const outcome = await submitPasswordReset(token ?? "", password, () => useAuthStore.getState().loadRsaPublicKey());
    if (outcome.ok) {
      // The reset ends every session of the account: a token kept here is dead now.
      useAuthStore.getState().endSession();
      setEmail(outcome.email);
      return setState("done");
    }
    if (outcome.invalidLink) return setState("invalid");
    setError("root.server", { type: "server", message: outcome.message });
  });

  if (state === "invalid") return <InvalidResetLink />;
  if (state === "done") {
    return (
      <div className="flex flex-col items-start gap-4">
        <Notice tone="ok">{AUTH_MESSAGES.resetDone}</Notice>
        <Button
          className="h-11"
          onClick={() => {
            openSignIn(email);
            router.push("/");
          }}
        >
          Sign in
        </Button>
      </div>
    );
  }

  const edit = (name: "password" | "confirm") =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        clearErrors("root.server");
      },
    });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        autoFocus
        error={errors.password?.message}
        {...edit("password")}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...edit("confirm")}
      />
      <FormAlert message={errors.root?.server?.message} />
      <LoadingButton type="submit" loading={isSubmitting} className="h-11">
        Reset password
      </LoadingButton>
    </form>
  );
}
