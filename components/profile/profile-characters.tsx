"use client";

import type { ReactNode } from "react";
import { useSignedInProfile } from "@/components/auth/header-account";
import { characterCount } from "./character-count";
import { OwnProfileTabs } from "./own-profile-tabs";

export interface ProfileCharactersProps {
  profileKey: string;
  name: string;
  /** How many public characters the server listed. */
  publicTotal: number;
  /** The page the server rendered (?page=). */
  page: number;
  /** The server-rendered list of public characters. */
  children: ReactNode;
}

/**
 * The profile's characters: the server-rendered public ones for visitors; for the profile's owner (known only in
 * the browser), all of theirs with Edit and Delete, and their favourites in a second tab.
 */
export function ProfileCharacters({ profileKey, name, publicTotal, page, children }: ProfileCharactersProps) {
  const viewer = useSignedInProfile();
  if (viewer && viewer.key === profileKey) return <OwnProfileTabs uid={viewer.uid} name={name} initialPage={page} />;
  return (
    <section aria-labelledby="creations-heading" className="mt-8">
      <div className="mb-3">
        <h2 id="creations-heading" className="text-lg font-semibold wrap-anywhere">
          Characters by {name}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="character-count">
          {characterCount(publicTotal)}
        </p>
      </div>
      {children}
    </section>
  );
}
