"use client";

import { useRef, useState } from "react";
import { buttonClassName } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { trackClick } from "@/lib/analytics/click-label";
import { totalPages } from "@/lib/format/pagination";
import { characterCount } from "./character-count";
import { ListLoadError, ListLoading } from "./list-load-states";
import { ListPager } from "./list-pager";
import { OwnCharacterCard } from "./own-character-card";
import { OWN_CHARACTERS_PAGE_SIZE, useOwnCharacters } from "./use-own-characters";

/**
 * The profile's character list as its owner sees it: every character (private and unlisted ones marked), the
 * count, Edit and Delete on each, and a way to create one.
 */
export function OwnCharacterList({ uid, name, initialPage }: { uid: string; name: string; initialPage: number }) {
  const [page, setPage] = useState(initialPage);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { data, isPending, isError, isPlaceholderData, refetch, refresh } = useOwnCharacters(uid, page);
  const pages = data ? totalPages(data.total, OWN_CHARACTERS_PAGE_SIZE) : 1;

  // After a deletion (or from a stale ?page=) the page may be past the end: show the last one instead.
  if (data && !isPlaceholderData && page > pages) setPage(pages);

  // The deleted card (and the button that opened the dialog) is gone: the dialog gives focus to the list's heading.
  const focusHeading = () => headingRef.current;

  return (
    <section aria-labelledby="creations-heading" aria-busy={isPending || isPlaceholderData}>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="creations-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            Your characters
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="character-count" aria-live="polite">
            {data ? characterCount(data.total) : "\u00a0"}
          </p>
        </div>
        <Link
          href="/create"
          {...trackClick("create_character", "profile")}
          className={buttonClassName("primary", "md", "rounded-full")}
        >
          Create a character
        </Link>
      </div>
      {isPending ? (
        <ListLoading label="Loading your characters…" />
      ) : isError && !data ? (
        <ListLoadError message="Your characters could not be loaded." onRetry={() => void refetch()} />
      ) : data && data.list.length ? (
        <ul aria-label={`Characters by ${name}`} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.list.map((robot, i) => (
            <li key={robot.id}>
              <OwnCharacterCard robot={robot} priority={i < 4} onDeleted={refresh} focusAfterDelete={focusHeading} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
          You have not created a character yet.
        </p>
      )}
      <ListPager page={page} totalPages={pages} onPage={setPage} label="Your characters, pages" />
    </section>
  );
}
