import { ROBOT_SORTS, type RobotSort } from "../../lib/contracts/catalogue";

/** `?sort=` of a list page: "new" or "popular" (the default, and what anything else means). */
export function sortParam(value: string | string[] | undefined): RobotSort {
  const v = Array.isArray(value) ? value[0] : value;
  return ROBOT_SORTS.find((s) => s === v) ?? "popular";
}
