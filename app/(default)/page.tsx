import type { Metadata } from "next";
import { ContinueChatting } from "@/components/catalogue/continue-chatting";
import { NsfwToggle } from "@/components/catalogue/nsfw-toggle";
import { notFound } from "next/navigation";
import { PagedCharacters } from "@/components/catalogue/paged-characters";
import { isPastLastPage } from "@/lib/format/pagination";
import { SortSwitch } from "@/components/catalogue/sort-switch";
import { TagChips } from "@/components/catalogue/tag-chips";
import { PAGE_SIZE_DEFAULT } from "@/lib/contracts/catalogue";
import { listRobots } from "@/server/modules/catalogue/list-robots";
import { listTags } from "@/server/modules/catalogue/tags";
import { pageContext, pageParam } from "@/server/pages/page-context";
import { pagedPath, shareMetadata } from "@/server/pages/share-metadata";
import { sortParam } from "@/server/pages/sort-param";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ page?: string; sort?: string }> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return shareMetadata({
    path: pagedPath("/", pageParam((await searchParams).page)),
    title: "Kewl: chat with AI characters",
    absoluteTitle: true,
    description: "Browse, create and chat with AI characters. Fantasy heroes, mentors, companions and more.",
  });
}

export default async function HomePage({ searchParams }: Props) {
  const query = await searchParams;
  const page = pageParam(query.page);
  const sort = sortParam(query.sort);
  const { db, viewer } = await pageContext();
  const [tags, robots] = await Promise.all([
    listTags(db, viewer),
    listRobots(db, { sort, page, pageSize: PAGE_SIZE_DEFAULT }, viewer),
  ]);
  if (isPastLastPage(page, robots?.total ?? 0, PAGE_SIZE_DEFAULT)) notFound();
  return (
    <main>
      <section className="mb-5">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Chat with characters you&apos;ll love</h1>
        <p className="mt-1 text-muted-foreground">Heroes, mentors, companions and strangers with a story to tell.</p>
      </section>
      <TagChips tags={tags} />
      <ContinueChatting />
      <section aria-labelledby="explore-heading" className="mt-6">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="explore-heading" className="text-lg font-semibold">
            {sort === "new" ? "New characters" : "Popular characters"}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <SortSwitch current={sort} basePath="/" />
            <NsfwToggle initialOn={viewer.nsfw} />
          </div>
        </div>
        <PagedCharacters
          robots={robots?.list ?? []}
          total={robots?.total ?? 0}
          page={page}
          label="Characters"
          empty="No characters on this page."
          basePath="/"
          params={sort === "new" ? { sort } : undefined}
        />
      </section>
    </main>
  );
}
