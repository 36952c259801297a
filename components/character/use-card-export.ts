"use client";

import { useState } from "react";
import { isApiError, isUnauthorizedError } from "@/lib/api/errors";
import { fetchCardFile, saveBlob, type CardFormat } from "@/lib/creation/card-download";
import { toast } from "@/stores/toast-store";

/** Downloads a character's card; a refusal shows the envelope's message in a toast. */
export function useCardExport(robotId: number) {
  const [pending, setPending] = useState<CardFormat | null>(null);

  async function exportCard(format: CardFormat): Promise<void> {
    setPending(format);
    try {
      const { blob, filename } = await fetchCardFile(robotId, format);
      saveBlob(blob, filename);
    } catch (error) {
      // A 401 already ended the session with its own toast.
      if (!isUnauthorizedError(error)) {
        toast({
          title: "Could not export the card",
          description: isApiError(error) ? error.msg : "Please try again later",
          variant: "destructive",
        });
      }
    } finally {
      setPending(null);
    }
  }

  return { pending, exportCard };
}
