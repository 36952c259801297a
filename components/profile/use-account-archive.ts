"use client";

import { useState } from "react";
import { isApiError, isUnauthorizedError } from "@/lib/api/errors";
import { saveBlob } from "@/lib/creation/card-download";
import { toast } from "@/stores/toast-store";

/** "Download my data": fetches the account's archive and saves it; a refusal (429 included) says why in a toast. */
export function useAccountArchive() {
  const [pending, setPending] = useState(false);

  async function download(): Promise<void> {
    setPending(true);
    try {
      // Loaded on use: the contracts (and zod) stay out of the dialog's first JavaScript.
      const { fetchAccountArchive } = await import("@/lib/auth/account-data-api");
      const { blob, filename } = await fetchAccountArchive();
      saveBlob(blob, filename);
      toast({ title: "Your data is downloading", description: filename });
    } catch (error) {
      if (!isUnauthorizedError(error)) {
        toast({
          title: "Could not download your data",
          description: isApiError(error) ? error.msg : "Please try again later",
          variant: "destructive",
        });
      }
    } finally {
      setPending(false);
    }
  }

  return { pending, download };
}
