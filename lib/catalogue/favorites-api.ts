/** The favourite calls (lib/contracts/catalogue.ts) the favourites list makes; loaded with the list, not the page. */
import { apiPost } from "@/lib/api";
import { favoriteStateSchema, robotPageSchema, type FavoriteState, type RobotPage } from "@/lib/contracts/catalogue";

/** The signed-in user's favourites they may still see, newest favourite first. */
export function fetchFavorites(page: number, pageSize: number, signal?: AbortSignal): Promise<RobotPage> {
  return apiPost("/v1/user/favorites/list", { page, page_size: pageSize }, { schema: robotPageSchema, signal });
}

export function setFavorite(robotId: number, on: boolean): Promise<FavoriteState> {
  return apiPost(`/v1/user/favorites/${on ? "add" : "remove"}`, { robot_id: robotId }, { schema: favoriteStateSchema });
}
