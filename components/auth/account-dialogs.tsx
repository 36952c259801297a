"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";

const loadLogin = () => import("./login-dialog");
const loadEditProfile = () => import("@/components/profile/edit-profile-dialog");
const LoginDialog = dynamic(() => loadLogin().then((m) => m.LoginDialog), { ssr: false });
const EditProfileDialog = dynamic(() => loadEditProfile().then((m) => m.EditProfileDialog), { ssr: false });

/**
 * The login and Edit Profile modals, kept out of the first-load JavaScript: their code (forms, Radix, vaul) is
 * fetched when the browser is idle, and mounted the first time one is opened.
 */
export function AccountDialogs({ registerPublicKey }: { registerPublicKey: string | null }) {
  const loginOpen = useAuthStore((s) => s.modalOpen);
  const editOpen = useDialogStore((s) => s.editProfileOpen);
  const [loginMounted, setLoginMounted] = useState(false);
  const [editMounted, setEditMounted] = useState(false);
  if (loginOpen && !loginMounted) setLoginMounted(true);
  if (editOpen && !editMounted) setEditMounted(true);

  useEffect(() => {
    const prefetch = () => void Promise.all([loadLogin(), loadEditProfile()]).catch(() => undefined);
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 2000);
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      {loginMounted ? <LoginDialog registerPublicKey={registerPublicKey} /> : null}
      {editMounted ? <EditProfileDialog /> : null}
    </>
  );
}
