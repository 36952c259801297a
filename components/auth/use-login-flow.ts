"use client";

import { useCallback } from "react";
import type { SessionData } from "@/lib/auth/account-api";
import {
  lookupAccount,
  loginWithPassword,
  registerAccount,
  sendResetLink,
  type Failure,
  type RegisterField,
  type RegisterValues,
} from "@/lib/auth/login-flows";
import { AUTH_MESSAGES, welcomeLine } from "@/lib/auth/messages";
import { completeOAuthLogin } from "@/lib/auth/oauth-flow";
import { readPublicKeyMeta } from "@/lib/auth/rsa";
import { useAuthStore, type LoginStep } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { toast } from "@/stores/toast-store";

const loginKey = () => useAuthStore.getState().loadRsaPublicKey();

/** Runs `work` with the modal's loading flag on. */
async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  const { setLoading } = useAuthStore.getState();
  setLoading(true);
  try {
    return await work();
  } finally {
    useAuthStore.getState().setLoading(false);
  }
}

function startSession(session: SessionData): void {
  const store = useAuthStore.getState();
  store.setSession(session.token, session.profile);
  store.closeModal();
}

export interface LoginFlowOptions {
  /** The register step's built-in key; defaults to the page's meta tag, then to the server's login key. */
  registerPublicKey?: string | null;
}

/**
 * The login modal's actions (SPEC §4). Each resolves with null on success, or with the failure to show;
 * step changes, the session, toasts and the Edit Profile hand-off happen here.
 */
export function useLoginFlow({ registerPublicKey }: LoginFlowOptions = {}) {
  const step = useAuthStore((s) => s.step);
  const email = useAuthStore((s) => s.email);
  const loading = useAuthStore((s) => s.loading);

  const goTo = useCallback((next: LoginStep) => useAuthStore.getState().setStep(next), []);
  const backToEmail = useCallback(() => goTo("email"), [goTo]);

  const submitEmail = useCallback(
    (address: string): Promise<Failure<never> | null> =>
      withLoading(async () => {
        const result = await lookupAccount(address);
        if (!result.ok) return result;
        const store = useAuthStore.getState();
        store.setEmail(address);
        store.setExistingUser(result.exists);
        store.setStep(result.exists ? "password" : "register");
        return null;
      }),
    [],
  );

  const login = useCallback(
    (password: string): Promise<Failure<"password"> | null> =>
      withLoading(async () => {
        const result = await loginWithPassword(useAuthStore.getState().email, password, loginKey);
        if (!result.ok) return result;
        startSession(result.session);
        toast({ title: AUTH_MESSAGES.loginSuccess, description: welcomeLine(result.session.profile.name) });
        return null;
      }),
    [],
  );

  const register = useCallback(
    (values: Omit<RegisterValues, "email">): Promise<Failure<RegisterField> | null> =>
      withLoading(async () => {
        const builtInKey = async () => registerPublicKey || readPublicKeyMeta() || loginKey();
        const result = await registerAccount({ ...values, email: useAuthStore.getState().email }, builtInKey);
        if (!result.ok) return result;
        startSession(result.session);
        useDialogStore.getState().openEditProfile({ fromRegistration: true });
        return null;
      }),
    [registerPublicKey],
  );

  /** Third-party login with the popup the click opened; a new account goes on to Edit Profile. */
  const thirdPartyLogin = useCallback(
    (popup: Window | null): Promise<Failure<never> | null> =>
      withLoading(async () => {
        const result = await completeOAuthLogin(popup);
        if (!result.ok) return result;
        startSession(result.session);
        toast({ title: AUTH_MESSAGES.loginSuccess, description: welcomeLine(result.session.profile.name) });
        if (result.session.isNew) useDialogStore.getState().openEditProfile({ fromRegistration: true });
        return null;
      }),
    [],
  );

  const sendReset = useCallback(
    (): Promise<Failure<never> | null> =>
      withLoading(async () => {
        const result = await sendResetLink(useAuthStore.getState().email);
        if (!result.ok) return result;
        toast({ title: AUTH_MESSAGES.resetLinkSentTitle, description: AUTH_MESSAGES.resetLinkSentDescription });
        useAuthStore.getState().setStep("email");
        return null;
      }),
    [],
  );

  return { step, email, loading, goTo, backToEmail, submitEmail, login, register, thirdPartyLogin, sendReset };
}

export type LoginFlow = ReturnType<typeof useLoginFlow>;
