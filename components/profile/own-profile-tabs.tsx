"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useId, type KeyboardEvent } from "react";
import { PROFILE_TABS, profileTabOf, type ProfileTab } from "@/lib/format/profile-tab";
import { QueryIsland } from "@/components/query/query-island";
import { FavouriteList } from "./favourite-list";
import { OwnCharacterList } from "./own-character-list";

const LABELS: Record<ProfileTab, string> = { characters: "Characters", favourites: "Favourites" };

/**
 * The profile as its owner sees it: their characters and their favourites as tabs (ARIA tabs: arrows, Home and End
 * move and select). The tab lives in the address (`?tab=favourites`), so the account menu can open it.
 */
export function OwnProfileTabs({ uid, name, initialPage }: { uid: string; name: string; initialPage: number }) {
  const pathname = usePathname();
  const tab = profileTabOf(useSearchParams().get("tab"));
  const baseId = useId();
  const tabId = (t: ProfileTab) => `${baseId}-${t}-tab`;
  const panelId = `${baseId}-panel`;

  function select(next: ProfileTab) {
    if (next === tab) return;
    // Next.js keeps useSearchParams in step with the History API, so this switches the tab without a server trip.
    window.history.replaceState(null, "", next === "characters" ? pathname : `${pathname}?tab=${next}`);
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = PROFILE_TABS.indexOf(tab);
    const to =
      event.key === "ArrowRight"
        ? (index + 1) % PROFILE_TABS.length
        : event.key === "ArrowLeft"
          ? (index - 1 + PROFILE_TABS.length) % PROFILE_TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? PROFILE_TABS.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    const next = PROFILE_TABS[to]!;
    select(next);
    document.getElementById(tabId(next))?.focus();
  }

  return (
    <div className="mt-8">
      <div
        role="tablist"
        aria-label="Your lists"
        onKeyDown={onKeyDown}
        className="mb-6 flex gap-1 border-b border-border"
      >
        {PROFILE_TABS.map((t) => (
          <button
            key={t}
            id={tabId(t)}
            type="button"
            role="tab"
            aria-selected={t === tab}
            aria-controls={panelId}
            tabIndex={t === tab ? 0 : -1}
            onClick={() => select(t)}
            className={`-mb-px rounded-t-lg border-b-2 px-4 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring ${
              t === tab
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground"
            }`}
          >
            {LABELS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        <QueryIsland>
          {tab === "favourites" ? (
            <FavouriteList uid={uid} />
          ) : (
            <OwnCharacterList uid={uid} name={name} initialPage={initialPage} />
          )}
        </QueryIsland>
      </div>
    </div>
  );
}
