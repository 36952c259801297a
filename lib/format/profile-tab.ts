/** The owner's lists on their profile; `?tab=favourites` opens the favourites (the account menu links there). */
export const PROFILE_TABS = ["characters", "favourites"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** Anything but a known tab reads as the first one. */
export function profileTabOf(value: string | null | undefined): ProfileTab {
  return PROFILE_TABS.find((tab) => tab === value) ?? "characters";
}

/** The profile's address with a tab: the characters tab is the bare profile. */
export function profileHref(key: string, tab: ProfileTab = "characters"): string {
  const path = `/profile/${encodeURIComponent(key)}`;
  return tab === "characters" ? path : `${path}?tab=${tab}`;
}
