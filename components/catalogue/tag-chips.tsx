import { Link } from "@/components/ui/link";
import { trackClick } from "@/lib/analytics/click-label";
import type { Tag } from "@/lib/contracts/catalogue";

/** The tags as links, one row that scrolls sideways on a phone and wraps from 640px; `className` adds to the row. */
export function TagChips({ tags, current, className = "" }: { tags: Tag[]; current?: string; className?: string }) {
  return (
    <nav
      aria-label="Tags"
      className={`-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0 ${className}`}
    >
      {tags.map((t) => (
        <Link
          key={t.key}
          href={`/tag/${t.key}`}
          {...trackClick("index", t.key)}
          aria-current={t.key === current ? "page" : undefined}
          className={`shrink-0 rounded-full border px-3 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring ${
            t.key === current
              ? "border-primary bg-primary text-primary-foreground"
              : "border-border bg-card hover:border-primary hover:text-primary"
          }`}
        >
          {t.name}
        </Link>
      ))}
    </nav>
  );
}
