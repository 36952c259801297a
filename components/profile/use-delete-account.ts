"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { isApiError, isUnauthorizedError } from "@/lib/api/errors";
import { ACCOUNT_DATA_CODES } from "@/lib/contracts/account-codes";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { toast } from "@/stores/toast-store";

/**
 * Deleting the signed-in account: the call; then the session ends here too (the server ended it already), a
 * toast, and home. A confirmation the server refuses comes back as the field's error; other refusals as a toast.
 */
export function useDeleteAccount() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function remove(confirm: string): Promise<boolean> {
    setPending(true);
    setFieldError(null);
    try {
      const { deleteAccount } = await import("@/lib/auth/account-data-api");
      await deleteAccount(confirm);
    } catch (error) {
      setPending(false);
      if (isApiError(error) && error.code === ACCOUNT_DATA_CODES.CONFIRMATION_MISMATCH) setFieldError(error.msg);
      else if (!isUnauthorizedError(error)) {
        toast({
          title: "Could not delete your account",
          description: isApiError(error) ? error.msg : "Please try again later",
          variant: "destructive",
        });
      }
      return false;
    }
    setPending(false);
    useDialogStore.getState().closeEditProfile();
    useAuthStore.getState().endSession();
    toast({ title: "Your account was deleted", description: "Thank you for being here." });
    router.push("/");
    return true;
  }

  return { pending, fieldError, clearFieldError: () => setFieldError(null), remove };
}
