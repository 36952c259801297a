"use client";

import { pageItems } from "@/lib/format/pagination";

const ITEM =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50";

/** Button pagination for a list the browser loads (PaginationNav's look, 2 siblings either side). */
export function ListPager({
  page,
  totalPages,
  onPage,
  label = "Pagination",
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        className={`${ITEM} border border-border hover:border-primary`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <span aria-hidden="true">‹</span>
        <span className="sr-only sm:not-sr-only sm:ml-1">Previous</span>
      </button>
      {pageItems(page, totalPages).map((item) =>
        typeof item === "number" ? (
          <button
            key={item}
            type="button"
            aria-current={item === page ? "page" : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPage(item)}
            className={`${ITEM} ${item === page ? "bg-primary font-semibold text-primary-foreground" : "hover:bg-muted"}`}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="px-1 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className={`${ITEM} border border-border hover:border-primary`}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        <span className="sr-only sm:not-sr-only sm:mr-1">Next</span>
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
