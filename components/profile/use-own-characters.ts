"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";

export const OWN_CHARACTERS_PAGE_SIZE = 10;

/** Every cached page of every user's own list starts with this (dropped when a character is deleted elsewhere). */
export const OWN_CHARACTERS_ROOT = "own-characters";
export const ownCharactersKey = (uid: string) => [OWN_CHARACTERS_ROOT, uid] as const;

/** One page of the signed-in user's own characters (every visibility, newest first). */
export function useOwnCharacters(uid: string, page: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...ownCharactersKey(uid), page],
    placeholderData: keepPreviousData,
    // Created, edited or deleted on another page a moment ago: always checked again when the list shows.
    staleTime: 0,
    // The creation contracts (and zod) load with the list, not with the profile page.
    queryFn: async ({ signal }) => {
      const { fetchOwnCharacters } = await import("@/lib/creation/creation-api");
      return fetchOwnCharacters(page, OWN_CHARACTERS_PAGE_SIZE, signal);
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ownCharactersKey(uid) });
  return { ...query, refresh };
}
