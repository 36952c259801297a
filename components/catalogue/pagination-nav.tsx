import { Link } from "@/components/ui/link";
import { pageItems } from "@/lib/format/pagination";

const ITEM =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring";

function hrefFor(basePath: string, params: Record<string, string>, page: number): string {
  const qs = new URLSearchParams({ ...params, ...(page > 1 ? { page: String(page) } : {}) });
  if (page <= 1) qs.delete("page");
  const s = qs.toString();
  return s ? `${basePath}?${s}` : basePath;
}

/** Link-based pagination (works without JavaScript and for crawlers), 2 siblings either side (SPEC §9). */
export function PaginationNav({
  page,
  totalPages,
  basePath,
  params = {},
}: {
  page: number;
  totalPages: number;
  basePath: string;
  params?: Record<string, string>;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link
          href={hrefFor(basePath, params, page - 1)}
          className={`${ITEM} border border-border hover:border-primary`}
          rel="prev"
        >
          <span aria-hidden="true">‹</span>
          <span className="sr-only sm:not-sr-only sm:ml-1">Previous</span>
        </Link>
      ) : null}
      {pageItems(page, totalPages).map((item) =>
        typeof item === "number" ? (
          <Link
            key={item}
            href={hrefFor(basePath, params, item)}
            aria-current={item === page ? "page" : undefined}
            aria-label={`Page ${item}`}
            className={`${ITEM} ${item === page ? "bg-primary font-semibold text-primary-foreground" : "hover:bg-muted"}`}
          >
            {item}
          </Link>
        ) : (
          <span key={item} className="px-1 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ),
      )}
      {page < totalPages ? (
        <Link
          href={hrefFor(basePath, params, page + 1)}
          className={`${ITEM} border border-border hover:border-primary`}
          rel="next"
        >
          <span className="sr-only sm:not-sr-only sm:mr-1">Next</span>
          <span aria-hidden="true">›</span>
        </Link>
      ) : null}
    </nav>
  );
}
