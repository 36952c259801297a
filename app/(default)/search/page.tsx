import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { PaginationNav } from "@/components/catalogue/pagination-nav";
import { SearchForm } from "@/components/catalogue/search-form";
import { TagChips } from "@/components/catalogue/tag-chips";
import { CharacterGrid } from "@/components/character/character-grid";
import { PAGE_SIZE_DEFAULT } from "@/lib/contracts/catalogue";
import { isPastLastPage, totalPages } from "@/lib/format/pagination";
import { SEARCH_TOTAL_CAP, searchRobots } from "@/server/modules/catalogue/search-robots";
import { listTags } from "@/server/modules/catalogue/tags";
import { pageContext, pageParam } from "@/server/pages/page-context";
import { searchText } from "@/server/pages/route-param";
import { shareMetadata } from "@/server/pages/share-metadata";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ q?: string | string[]; page?: string }> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = searchText((await searchParams).q).trim();
  return {
    ...shareMetadata({
      path: "/search",
      title: q ? `“${q.slice(0, 60)}” · Search` : "Search",
      description: "Search Kewl's characters by name, tag or a few words.",
    }),
    // Result pages are endless variations: the canonical /search, never indexed.
    robots: { index: false },
  };
}

export default async function SearchPage({ searchParams }: Props) {
  const sp = await searchParams;
  const q = searchText(sp.q).trim().slice(0, 100);
  const page = pageParam(sp.page);
  const { db, viewer } = await pageContext();
  const results = q ? await searchRobots(db, { keyword: q, page, pageSize: PAGE_SIZE_DEFAULT }, viewer) : null;
  // The tags to start from: before a search, and after one that found nothing.
  if (results && isPastLastPage(page, results.total, PAGE_SIZE_DEFAULT)) notFound();
  const tags = results && results.total > 0 ? [] : await listTags(db, viewer);
  return (
    <main>
      <h1 className="sr-only">Search characters</h1>
      <SearchForm initialQuery={q} />
      {!results ? (
        <section className="mt-8" aria-labelledby="browse-heading">
          <h2 id="browse-heading" className="text-lg font-semibold">
            Type a name, a tag or a few words
          </h2>
          <p className="mt-1 mb-3 text-muted-foreground">Or start from a tag:</p>
          <TagChips tags={tags} />
        </section>
      ) : results.total === 0 ? (
        <section className="mt-10 text-center">
          <h2 className="text-lg font-semibold wrap-anywhere">No characters match “{q}”</h2>
          <p className="mt-1 mb-3 text-muted-foreground">Check the spelling, try fewer words, or start from a tag:</p>
          <TagChips tags={tags} className="sm:justify-center" />
        </section>
      ) : (
        <section className="mt-6" aria-labelledby="results-heading">
          <h2 id="results-heading" className="mb-3 text-sm wrap-anywhere text-muted-foreground" aria-live="polite">
            {results.total >= SEARCH_TOTAL_CAP ? `${SEARCH_TOTAL_CAP.toLocaleString("en-US")}+` : results.total}{" "}
            {results.total === 1 ? "result" : "results"} for “{q}”
          </h2>
          <CharacterGrid robots={results.list} label="Search results" />
          <PaginationNav
            page={page}
            totalPages={totalPages(results.total, PAGE_SIZE_DEFAULT)}
            basePath="/search"
            params={{ q }}
          />
        </section>
      )}
    </main>
  );
}
