"use client";

import { useQuery } from "@tanstack/react-query";
import { isApiError } from "@/lib/api/errors";
import { fetchCharacterDefinition } from "@/lib/creation/creation-api";
import type { CharacterDefinition } from "@/lib/contracts/creation";

/** Why a character cannot be edited or copied, in words for the person. */
export function sourceProblem(kind: "edit" | "copy", error: unknown): string {
  if (isApiError(error) && (error.status === 404 || error.code === 404))
    return kind === "edit"
      ? "This character does not exist, or it is not yours."
      : "This character does not exist, or it is private, so it cannot be copied.";
  if (isApiError(error)) return error.msg;
  return "The character could not be loaded. Please try again.";
}

/** The definition of the character being edited or copied (loaded once; not refetched while the form is open). */
export function useSourceCharacter(id: number | null) {
  return useQuery<CharacterDefinition>({
    queryKey: ["character-definition", id],
    queryFn: ({ signal }) => fetchCharacterDefinition(id!, signal),
    enabled: id !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
