"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";

export const OWN_CHARACTERS_PAGE_SIZE = 10;

export const ownCharactersKey = (uid: string) => ["own-characters", uid] as const;

/** One page of the signed-in user's own characters (every visibility, newest first). */
export function useOwnCharacters(uid: string, page: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...ownCharactersKey(uid), page],
    placeholderData: keepPreviousData,
    // The creation contracts (and zod) load with the list, not with the profile page.
    queryFn: async ({ signal }) => {
      const { fetchOwnCharacters } = await import("@/lib/creation/creation-api");
      return fetchOwnCharacters(page, OWN_CHARACTERS_PAGE_SIZE, signal);
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ownCharactersKey(uid) });
  return { ...query, refresh };
}
