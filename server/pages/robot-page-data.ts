import { redirect } from "next/navigation";
import { cache } from "react";
import type { RobotDetail } from "../../lib/contracts/catalogue";
import { getRobotDetail } from "../modules/catalogue/robot-detail";
import { pageContext } from "./page-context";
import { routeParam } from "./route-param";

/**
 * The character behind /character/{id} and its chat page, once per request (metadata and page share it). Null
 * for unknown ids; an NSFW character without age verification sends the visitor to the age gate first.
 */
export const loadRobotForPage = cache(async (id: string, returnTo: string): Promise<RobotDetail | null> => {
  if (!/^\d{1,15}$/.test(routeParam(id))) return null;
  const { db, viewer } = await pageContext();
  const result = await getRobotDetail(db, Number(id), viewer);
  if (result.status === "age_required") redirect(`/age-verification?next=${encodeURIComponent(returnTo)}`);
  return result.status === "ok" ? result.robot : null;
});
