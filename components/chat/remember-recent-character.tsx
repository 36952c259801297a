"use client";

import { useEffect } from "react";
import { rememberRecentCharacter, type RecentCharacter } from "@/lib/pwa/recent-characters";

/** Notes an opened chat for the offline page's list (lib/pwa/recent-characters.ts). Renders nothing. */
export function RememberRecentCharacter({ id, name, avatar }: RecentCharacter) {
  useEffect(() => {
    rememberRecentCharacter({ id, name, avatar });
  }, [id, name, avatar]);
  return null;
}
