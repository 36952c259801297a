"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RobotCard, RobotPage } from "@/lib/contracts/catalogue";
import { toast } from "@/stores/toast-store";

export const FAVOURITES_PAGE_SIZE = 10;

export const favouritesKey = (uid: string) => ["favourites", uid] as const;

// The favourite calls (and zod) load with the list, not with the profile page.
const favoritesApi = () => import("@/lib/catalogue/favorites-api");

/**
 * One page of the signed-in user's favourites, and removing one in place: the card leaves the page at once, the
 * toast offers Undo, and the list is read again so the next page's first favourite moves up.
 */
export function useFavourites(uid: string, page: number) {
  const queryClient = useQueryClient();
  const key = [...favouritesKey(uid), page] as const;
  const query = useQuery({
    queryKey: key,
    placeholderData: keepPreviousData,
    // Favourited or unfavourited on a character page a moment ago: always checked again when the list shows.
    staleTime: 0,
    queryFn: async ({ signal }) => (await favoritesApi()).fetchFavorites(page, FAVOURITES_PAGE_SIZE, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: favouritesKey(uid) });

  async function change(robot: RobotCard, on: boolean): Promise<boolean> {
    try {
      await (await favoritesApi()).setFavorite(robot.id, on);
      return true;
    } catch {
      toast({ title: "Could not update favourites", description: "Please try again later", variant: "destructive" });
      return false;
    } finally {
      await refresh();
    }
  }

  async function remove(robot: RobotCard): Promise<void> {
    await queryClient.cancelQueries({ queryKey: favouritesKey(uid) });
    queryClient.setQueryData<RobotPage>(key, (old) =>
      old ? { ...old, list: old.list.filter((r) => r.id !== robot.id), total: Math.max(old.total - 1, 0) } : old,
    );
    if (!(await change(robot, false))) return;
    toast({
      title: "Removed from favourites",
      description: robot.name,
      action: { label: "Undo", onClick: () => void change(robot, true) },
    });
  }

  return { ...query, remove };
}
