"use client";

import { useEffect, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { strokeIcon } from "@/components/ui/icons";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { useAuthStore, type LoginStep } from "@/stores/auth-store";
import { EmailStep } from "./email-step";
import { ForgotPasswordStep } from "./forgot-password-step";
import { PasswordStep } from "./password-step";
import { RegisterStep } from "./register-step";
import { useLoginFlow, type LoginFlow } from "./use-login-flow";

/** SPEC §2: step and e-mail reset 300 ms after closing, once the close animation is over. */
export const LOGIN_RESET_DELAY_MS = 300;

const STEPS: Record<
  LoginStep,
  { title: string; description: (email: string) => string; Body: (p: { flow: LoginFlow }) => ReactNode }
> = {
  email: { title: "Welcome", description: () => "Sign in or create an account.", Body: EmailStep },
  password: { title: "Welcome back", description: (email) => `Enter your password for ${email}`, Body: PasswordStep },
  register: { title: "Create account", description: (email) => `Create a password for ${email}`, Body: RegisterStep },
  forgot_password: {
    title: "Reset password",
    description: (email) => `We'll send a password reset link to ${email}`,
    Body: ForgotPasswordStep,
  },
};

export interface LoginDialogProps {
  /** The register step's built-in RSA public key (SPKI PEM); defaults to the page's meta tag. */
  registerPublicKey?: string | null;
}

/** The login/registration modal (SPEC §2 dialog 1), open while the auth state's modal flag is set. */
export function LoginDialog({ registerPublicKey }: LoginDialogProps) {
  const open = useAuthStore((s) => s.modalOpen);
  const flow = useLoginFlow({ registerPublicKey });
  const { title, description, Body } = STEPS[flow.step];

  // Any close (Escape, overlay, success) resets the modal once its exit animation is over.
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => useAuthStore.getState().resetLoginForm(), LOGIN_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  function onOpenChange(next: boolean) {
    const store = useAuthStore.getState();
    if (next) store.openModal();
    else store.closeModal();
  }

  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} title={title} description={description(flow.email)}>
      {/* keyed by step: each step starts with a fresh form */}
      <Body key={flow.step} flow={flow} />
      {flow.step === "email" ? null : (
        <Button
          variant="ghost"
          onClick={flow.backToEmail}
          disabled={flow.loading}
          className="mt-2 h-10 w-full text-muted-foreground"
        >
          <svg {...strokeIcon(16)} className="size-4">
            <path d="M15 18l-6-6 6-6" />
          </svg>
          Back to email
        </Button>
      )}
    </ResponsiveDialog>
  );
}
