"use client";

import { useState } from "react";
import { isApiError, isUnauthorizedError } from "@/lib/api/errors";
import { toast } from "@/stores/toast-store";

export interface DeletableCharacter {
  id: number;
  name: string;
}

/**
 * Deleting one's own character: the call, a toast either way (a 401 already says so through the client's hook),
 * then `onDeleted`. `remove` resolves true once deleted.
 */
export function useDeleteCharacter(onDeleted: (robot: DeletableCharacter) => void | Promise<void>) {
  const [pending, setPending] = useState(false);

  async function remove(robot: DeletableCharacter): Promise<boolean> {
    setPending(true);
    try {
      // Loaded on use: the creation contracts (and zod) stay out of the page's first-load JavaScript.
      const { deleteCharacter } = await import("@/lib/creation/creation-api");
      await deleteCharacter(robot.id);
    } catch (error) {
      setPending(false);
      if (!isUnauthorizedError(error)) {
        toast({
          title: "Could not delete the character",
          description: isApiError(error) ? error.msg : "Please try again later",
          variant: "destructive",
        });
      }
      return false;
    }
    setPending(false);
    toast({ title: "Character deleted", description: `${robot.name} and its chats are gone.` });
    await onDeleted(robot);
    return true;
  }

  return { pending, remove };
}
