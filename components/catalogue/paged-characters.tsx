import { CharacterGrid } from "@/components/character/character-grid";
import { PAGE_SIZE_DEFAULT, type RobotCard } from "@/lib/contracts/catalogue";
import { totalPages } from "@/lib/format/pagination";
import { PaginationNav } from "./pagination-nav";

/** One page of a character list: the grid (or what to say when the page is empty) and the page links. */
export function PagedCharacters({
  robots,
  total,
  page,
  label,
  empty,
  basePath,
  params,
}: {
  robots: RobotCard[];
  total: number;
  page: number;
  label: string;
  empty: string;
  basePath: string;
  /** Query parameters the page links keep (the sort). */
  params?: Record<string, string>;
}) {
  return (
    <>
      {robots.length ? (
        <CharacterGrid robots={robots} label={label} />
      ) : (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">{empty}</p>
      )}
      <PaginationNav
        page={page}
        totalPages={totalPages(total, PAGE_SIZE_DEFAULT)}
        basePath={basePath}
        params={params}
      />
    </>
  );
}
