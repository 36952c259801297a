"use client";

import { create } from "zustand";
import { persist, type PersistStorage, type StorageValue } from "zustand/middleware";
import { fetchPublicKey, logoutSession } from "@/lib/auth/session-api";
import { AUTH_MESSAGES, goodbyeLine } from "@/lib/auth/messages";
import { readPersistedSession, type PersistedSession, type Profile } from "@/lib/auth/persisted-session";
import { AUTH_STORAGE_KEY, removeSessionKeys } from "@/lib/auth/storage";
import { toast } from "@/stores/toast-store";

export type { Profile } from "@/lib/auth/persisted-session";
type Persisted = PersistedSession;

/** The login modal's steps (SPEC §2 dialog 1). */
export type LoginStep = "email" | "password" | "register" | "forgot_password";

/** The login modal's state (SPEC §3), reset when the modal closes. */
interface LoginFormState {
  step: LoginStep;
  email: string;
  captcha: string;
  emailCode: string;
  loading: boolean;
  isExistingUser: boolean;
}

const INITIAL_FORM: LoginFormState = {
  step: "email",
  email: "",
  captcha: "",
  emailCode: "",
  loading: false,
  isExistingUser: false,
};

interface LogoutOptions {
  /** Goes to `/` when the user is elsewhere; defaults to a full page load. */
  navigate?: (path: string) => void;
  /** The current path; defaults to location.pathname. */
  pathname?: string;
}

export interface AuthState extends LoginFormState {
  token: string | null;
  profile: Profile | null;
  /** The server's login key (get_public_key), fetched once per page. */
  rsaPublicKey: string | null;
  modalOpen: boolean;
  setSession(token: string, profile: Profile): void;
  setProfile(profile: Profile): void;
  /** Drops token and profile (the persisted `auth` entry goes with them). */
  clear(): void;
  openModal(): void;
  closeModal(): void;
  setStep(step: LoginStep): void;
  setEmail(email: string): void;
  setCaptcha(captcha: string): void;
  setEmailCode(code: string): void;
  setLoading(loading: boolean): void;
  setExistingUser(exists: boolean): void;
  setRsaPublicKey(pem: string | null): void;
  /** rsaPublicKey, fetched from get_public_key on first use (rejects on transport failure). */
  loadRsaPublicKey(): Promise<string | null>;
  /** Back to the e-mail step with empty inputs (the modal's close reset). */
  resetLoginForm(): void;
  /** Ends the session locally: token and profile, the local keys, the modal. No request, no toast. */
  endSession(): void;
  /** SPEC §4 logout: revoke on the server (failures ignored), end the session, toast, go home. */
  logout(options?: LogoutOptions): Promise<void>;
}

/**
 * localStorage for the persisted part. Writes only when token or profile changed, and removes the entry when
 * both are empty, so a signed-out browser holds no `auth` key (SPEC §4) and keystrokes in the modal cost nothing.
 */
function sessionStorageAdapter(): PersistStorage<Persisted> {
  const local = (): Storage | null => {
    try {
      return typeof window === "undefined" ? null : window.localStorage;
    } catch {
      return null;
    }
  };
  return {
    getItem: (name) => {
      const raw = local()?.getItem(name);
      if (!raw) return null;
      try {
        return JSON.parse(raw) as StorageValue<Persisted>;
      } catch {
        return null;
      }
    },
    setItem: (name, value) => {
      const storage = local();
      if (!value.state.token && !value.state.profile) return storage?.removeItem(name);
      const text = JSON.stringify(value);
      if (storage?.getItem(name) !== text) storage?.setItem(name, text);
    },
    removeItem: (name) => local()?.removeItem(name),
  };
}

/** Token and profile persisted under "auth" (SPEC §3), plus the login modal's state (not persisted). */
export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      token: null,
      profile: null,
      rsaPublicKey: null,
      modalOpen: false,
      ...INITIAL_FORM,
      setSession: (token, profile) => set({ token, profile }),
      setProfile: (profile) => set({ profile }),
      clear: () => set({ token: null, profile: null }),
      openModal: () => set({ modalOpen: true }),
      closeModal: () => set({ modalOpen: false, loading: false }),
      setStep: (step) => set({ step }),
      // A different address invalidates the captcha and code typed for the previous one.
      setEmail: (email) => set((s) => (s.email === email ? {} : { email, captcha: "", emailCode: "" })),
      setCaptcha: (captcha) => set({ captcha }),
      setEmailCode: (emailCode) => set({ emailCode }),
      setLoading: (loading) => set({ loading }),
      setExistingUser: (isExistingUser) => set({ isExistingUser }),
      setRsaPublicKey: (rsaPublicKey) => set({ rsaPublicKey }),
      loadRsaPublicKey: async () => {
        const cached = get().rsaPublicKey;
        if (cached) return cached;
        const pem = await fetchPublicKey();
        if (pem) set({ rsaPublicKey: pem });
        return pem;
      },
      resetLoginForm: () => set({ ...INITIAL_FORM }),
      endSession: () => {
        set({ token: null, profile: null, modalOpen: false, loading: false });
        removeSessionKeys();
      },
      logout: async ({ navigate, pathname } = {}) => {
        const { token, profile } = get();
        // The request is signed with the token before the session ends below; its outcome does not matter.
        const revoke = token ? logoutSession().catch(() => undefined) : Promise.resolve();
        get().endSession();
        toast({ title: AUTH_MESSAGES.logoutSuccess, description: goodbyeLine(profile?.name) });
        const here = pathname ?? (typeof window === "undefined" ? "/" : window.location.pathname);
        if (here !== "/") (navigate ?? ((path: string) => window.location.assign(path)))("/");
        await revoke;
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: sessionStorageAdapter(),
      partialize: (s): Persisted => ({ token: s.token, profile: s.profile }),
      // Storage is an edge: anything that does not parse is dropped rather than trusted.
      merge: (persisted, current) => {
        const session = readPersistedSession(persisted);
        return session ? { ...current, ...session } : current;
      },
    },
  ),
);

/** Logged in only when both the token and the profile uid exist (SPEC §4). */
export function selectIsLoggedIn(s: Pick<AuthState, "token" | "profile">): boolean {
  return !!s.token && !!s.profile?.uid;
}

declare global {
  interface Window {
    /** Development only: lets screenshots and manual checks drive the login modal. */
    __kewlAuthStore?: typeof useAuthStore;
  }
}

if (process.env.NODE_ENV === "development" && typeof window !== "undefined") window.__kewlAuthStore = useAuthStore;
