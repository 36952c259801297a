"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useIdlePrefetch } from "@/components/use-idle-prefetch";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { loadEditProfileDialog, loadLoginDialog, prefetchAccountDialogs } from "./dialog-loaders";

const LoginDialog = dynamic(() => loadLoginDialog().then((m) => m.LoginDialog), { ssr: false });
const EditProfileDialog = dynamic(() => loadEditProfileDialog().then((m) => m.EditProfileDialog), { ssr: false });

/**
 * The login and Edit Profile modals, kept out of the first-load JavaScript: their code (forms, zod, Radix, vaul)
 * is fetched once the page has settled (or when the pointer or focus reaches "Sign in"), and mounted the first time
 * one is opened. Evaluating it costs ~100 ms of main thread on a fast machine, so it waits for the page to settle.
 */
export function AccountDialogs({ registerPublicKey }: { registerPublicKey: string | null }) {
  const loginOpen = useAuthStore((s) => s.modalOpen);
  const editOpen = useDialogStore((s) => s.editProfileOpen);
  const [loginMounted, setLoginMounted] = useState(false);
  const [editMounted, setEditMounted] = useState(false);
  if (loginOpen && !loginMounted) setLoginMounted(true);
  if (editOpen && !editMounted) setEditMounted(true);
  useIdlePrefetch(prefetchAccountDialogs);

  return (
    <>
      {loginMounted ? <LoginDialog registerPublicKey={registerPublicKey} /> : null}
      {editMounted ? <EditProfileDialog /> : null}
    </>
  );
}
