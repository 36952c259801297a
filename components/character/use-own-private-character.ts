"use client";

import { useQuery } from "@tanstack/react-query";
import { apiPost } from "@/lib/api/client";
import { isApiError } from "@/lib/api/errors";
import { API_CODES } from "@/lib/contracts/api-codes";
import type { RobotDetail } from "@/lib/contracts/catalogue";

export type OwnPrivateCharacter =
  { status: "idle" | "loading" | "missing" } | { status: "found"; robot: RobotDetail } | { status: "age_required" };

/**
 * A character the server-rendered page could not show, asked again with the signed-in user's token: the API
 * answers its creator's private character (anyone else still gets 404). `uid` null: not asked.
 */
export function useOwnPrivateCharacter(id: number | null, uid: string | null): OwnPrivateCharacter {
  const enabled = id !== null && uid !== null;
  const query = useQuery({
    queryKey: ["own-private-character", id, uid],
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiPost(
        "/v1/tag/robot/detail",
        { id },
        { schema: () => import("@/lib/contracts/catalogue").then((m) => m.robotDetailSchema), signal },
      ),
  });
  if (!enabled) return { status: "idle" };
  if (query.isPending) return { status: "loading" };
  if (query.data) return { status: "found", robot: query.data };
  if (isApiError(query.error) && query.error.code === API_CODES.AGE_REQUIRED) return { status: "age_required" };
  return { status: "missing" };
}
