import { Link } from "@/components/ui/link";
import type { RobotSort } from "@/lib/contracts/catalogue";

const OPTIONS: Array<{ sort: RobotSort; label: string }> = [
  { sort: "popular", label: "Popular" },
  { sort: "new", label: "New" },
];

/**
 * Popular / New as links (server-rendered, works without JavaScript, each order has its own URL); the current
 * one is marked with aria-current. Switching starts again at page 1.
 */
export function SortSwitch({ current, basePath }: { current: RobotSort; basePath: string }) {
  return (
    <nav aria-label="Sort characters" className="inline-flex rounded-full border border-border bg-card p-1">
      {OPTIONS.map(({ sort, label }) => (
        <Link
          key={sort}
          href={sort === "popular" ? basePath : `${basePath}?sort=${sort}`}
          aria-current={sort === current ? "page" : undefined}
          className={`inline-flex h-9 min-w-16 items-center justify-center rounded-full px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring ${
            sort === current ? "bg-primary font-semibold text-primary-foreground" : "text-foreground hover:bg-muted"
          }`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
