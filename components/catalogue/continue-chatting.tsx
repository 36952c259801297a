"use client";

import dynamic from "next/dynamic";
import { useSignedInProfile } from "@/components/auth/header-account";

const RecentChatsRow = dynamic(() => import("./recent-chats-row").then((m) => m.RecentChatsRow), { ssr: false });

/**
 * The signed-in user's recent chats as a horizontal row on home, most recent first. Visitors, and users without
 * chats, get nothing: the server render is empty, so nothing moves for them. The row's code (and TanStack Query)
 * loads only for a signed-in user.
 */
export function ContinueChatting() {
  const profile = useSignedInProfile();
  return profile ? <RecentChatsRow uid={profile.uid} /> : null;
}
