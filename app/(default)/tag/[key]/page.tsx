import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { NsfwToggle } from "@/components/catalogue/nsfw-toggle";
import { PagedCharacters } from "@/components/catalogue/paged-characters";
import { isPastLastPage } from "@/lib/format/pagination";
import { SortSwitch } from "@/components/catalogue/sort-switch";
import { TagChips } from "@/components/catalogue/tag-chips";
import { PAGE_SIZE_DEFAULT } from "@/lib/contracts/catalogue";
import { listRobots } from "@/server/modules/catalogue/list-robots";
import { getTag, listTags } from "@/server/modules/catalogue/tags";
import { pageContext, pageParam } from "@/server/pages/page-context";
import { routeParam } from "@/server/pages/route-param";
import { pagedPath, shareMetadata } from "@/server/pages/share-metadata";
import { sortParam } from "@/server/pages/sort-param";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ key: string }>; searchParams: Promise<{ page?: string; sort?: string }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { key } = await params;
  const { db, viewer } = await pageContext();
  const tag = await getTag(db, routeParam(key).toLowerCase(), viewer);
  // The 404 (a nested not-found cannot set its own title).
  if (!tag) return { title: "Page Not Found" };
  const page = pageParam((await searchParams).page);
  return shareMetadata({
    path: pagedPath(`/tag/${encodeURIComponent(tag.key)}`, page),
    title: `${tag.name} characters`,
    description: tag.description,
    ownImage: true,
  });
}

export default async function TagPage({ params, searchParams }: Props) {
  const key = routeParam((await params).key);
  const query = await searchParams;
  const { db, viewer } = await pageContext();
  // Tag keys are lower case; /tag/Fantasy is /tag/fantasy (308, the query kept). A key that names no tag either
  // way (or cannot be read: /tag/%E0%A4%A) is a 404 as it stands.
  if (key !== key.toLowerCase()) {
    if (!(await getTag(db, key.toLowerCase(), viewer))) notFound();
    const kept = new URLSearchParams(
      Object.entries(query).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    permanentRedirect(`/tag/${encodeURIComponent(key.toLowerCase())}${kept.size ? `?${kept}` : ""}`);
  }
  const page = pageParam(query.page);
  const sort = sortParam(query.sort);
  const [tag, tags, robots] = await Promise.all([
    getTag(db, key, viewer),
    listTags(db, viewer),
    listRobots(db, { tagKey: key, sort, page, pageSize: PAGE_SIZE_DEFAULT }, viewer),
  ]);
  if (!tag || !robots || isPastLastPage(page, robots.total, PAGE_SIZE_DEFAULT)) notFound();
  return (
    <main>
      <TagChips tags={tags} current={tag.key} />
      <div className="mt-6 mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{tag.name}</h1>
          <p className="mt-1 text-muted-foreground">{tag.description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <SortSwitch current={sort} basePath={`/tag/${tag.key}`} />
          <NsfwToggle initialOn={viewer.nsfw} />
        </div>
      </div>
      {/* The cards' names are h3s; this keeps the outline from jumping from the tag's h1. */}
      <h2 className="sr-only">{`${tag.name} characters`}</h2>
      <PagedCharacters
        robots={robots.list}
        total={robots.total}
        page={page}
        label={`${tag.name} characters`}
        empty="No characters here yet."
        basePath={`/tag/${tag.key}`}
        params={sort === "new" ? { sort } : undefined}
      />
    </main>
  );
}
