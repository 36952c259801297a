"use client";

import { useRef, useState } from "react";
import { buttonClassName } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { trackClick } from "@/lib/analytics/click-label";
import type { RobotCard } from "@/lib/contracts/catalogue";
import { totalPages } from "@/lib/format/pagination";
import { characterCount } from "./character-count";
import { FavouriteCard } from "./favourite-card";
import { ListLoadError, ListLoading } from "./list-load-states";
import { ListPager } from "./list-pager";
import { FAVOURITES_PAGE_SIZE, useFavourites } from "./use-favourites";

/** The signed-in user's favourites on their profile, 10 a page, each removable in place. */
export function FavouriteList({ uid }: { uid: string }) {
  const [page, setPage] = useState(1);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { data, isPending, isError, isPlaceholderData, refetch, remove } = useFavourites(uid, page);
  const pages = data ? totalPages(data.total, FAVOURITES_PAGE_SIZE) : 1;

  // After a removal empties the last page: show the one before it.
  if (data && !isPlaceholderData && page > pages) setPage(pages);

  function onRemove(robot: RobotCard) {
    // The card (and its button) leaves at once: focus goes to the list's heading, not to the page's top.
    headingRef.current?.focus();
    void remove(robot);
  }

  return (
    <section aria-labelledby="favourites-heading" aria-busy={isPending || isPlaceholderData}>
      <div className="mb-3">
        <h2 id="favourites-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          Your favourites
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="favourite-count" aria-live="polite">
          {data ? characterCount(data.total) : "\u00a0"}
        </p>
      </div>
      {isPending ? (
        <ListLoading label="Loading your favourites…" />
      ) : isError && !data ? (
        <ListLoadError message="Your favourites could not be loaded." onRetry={() => void refetch()} />
      ) : data && data.list.length ? (
        <ul aria-label="Your favourites" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.list.map((robot, i) => (
            <li key={robot.id}>
              <FavouriteCard robot={robot} priority={i < 4} onRemove={onRemove} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-2xl border border-dashed border-border p-8 text-center">
          <p className="text-muted-foreground">No favourites yet: tap the heart on a character to keep it here.</p>
          <Link
            href="/"
            {...trackClick("explore", "favourites")}
            className={buttonClassName("secondary", "md", "mt-3 rounded-full")}
          >
            Explore characters
          </Link>
        </div>
      )}
      <ListPager page={page} totalPages={pages} onPage={setPage} label="Your favourites, pages" />
    </section>
  );
}
