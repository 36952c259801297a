"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useSignedInProfile } from "@/components/auth/header-account";
import { OWN_CHARACTERS_ROOT } from "@/components/profile/use-own-characters";
import { buttonClassName } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import type { RobotDetail } from "@/lib/contracts/catalogue";
import { ExportCardMenu } from "./export-card-menu";
import { OwnerActions } from "./owner-actions";

export interface CharacterActionsProps {
  robot: Pick<RobotDetail, "id" | "name" | "visibility"> & { creatorKey: string | null };
}

/**
 * The character page's client island: "Export" and "Make a copy" for public and unlisted characters (export also
 * for the creator's private ones), "Edit" and "Delete" for the creator. The session is in localStorage, so the
 * server renders the visitor's view and the creator's buttons follow after hydration.
 */
export function CharacterActions({ robot }: CharacterActionsProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const profile = useSignedInProfile();
  const isOwner = profile !== null && robot.creatorKey !== null && profile.key === robot.creatorKey;
  const shared = robot.visibility !== "private";
  return (
    <>
      {shared || isOwner ? <ExportCardMenu robotId={robot.id} robotName={robot.name} /> : null}
      {shared ? (
        <Link
          href={`/create?from=${robot.id}`}
          aria-label={`Make a copy of ${robot.name}`}
          className={buttonClassName("secondary", "md", "rounded-full")}
        >
          Make a copy
        </Link>
      ) : null}
      {isOwner && profile ? (
        <OwnerActions
          robot={{ id: robot.id, name: robot.name }}
          onDeleted={() => {
            queryClient.removeQueries({ queryKey: [OWN_CHARACTERS_ROOT] });
            router.push(`/profile/${encodeURIComponent(profile.key)}`);
          }}
        />
      ) : null}
    </>
  );
}
