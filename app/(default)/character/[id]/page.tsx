import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CharacterView } from "@/components/character/character-view";
import { shareMetadata } from "@/server/pages/share-metadata";
import { loadRobotForPage } from "@/server/pages/robot-page-data";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const robot = await loadRobotForPage(id, `/character/${id}`);
  // The 404 (a nested not-found cannot set its own title).
  if (!robot) return { title: "Page Not Found" };
  return {
    ...shareMetadata({
      path: `/character/${robot.id}`,
      title: robot.name,
      description: robot.intro,
      type: "profile",
      ownImage: true,
    }),
    // Unlisted: reachable by its link, never listed (search engines included).
    ...(robot.visibility === "public" ? {} : { robots: { index: false } }),
  };
}

export default async function CharacterPage({ params }: Props) {
  const { id } = await params;
  const robot = await loadRobotForPage(id, `/character/${id}`);
  if (!robot) notFound();
  return <CharacterView robot={robot} />;
}
