import type { Metadata } from "next";
import { CreateCharacter } from "@/components/creation/create-character";
import { QueryIsland } from "@/components/query/query-island";
import { formModeFromQuery } from "@/lib/creation/form-mode";
import { listTags } from "@/server/modules/catalogue/tags";
import { pageContext } from "@/server/pages/page-context";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ edit?: string | string[]; from?: string | string[] }> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const mode = formModeFromQuery(await searchParams);
  const title =
    mode.kind === "edit" ? "Edit character" : mode.kind === "copy" ? "Copy a character" : "Create a character";
  return { title, robots: { index: false } };
}

export default async function CreatePage({ searchParams }: Props) {
  const mode = formModeFromQuery(await searchParams);
  const { db } = await pageContext();
  // Every tag may be picked, whatever this visitor's NSFW setting (the counts are not shown).
  const tags = (await listTags(db, { ageVerified: true, nsfw: true })).map(({ key, name }) => ({ key, name }));
  return (
    <main>
      <h1 className="mb-6 text-2xl font-bold">
        {mode.kind === "edit" ? "Edit character" : mode.kind === "copy" ? "Copy a character" : "Create a character"}
      </h1>
      <QueryIsland>
        <CreateCharacter mode={mode} tags={tags} />
      </QueryIsland>
    </main>
  );
}
