import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CharacterView } from "@/components/character/character-view";
import { loadRobotForPage } from "@/server/pages/robot-page-data";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const robot = await loadRobotForPage(id, `/character/${id}`);
  // The 404 (a nested not-found cannot set its own title).
  if (!robot) return { title: "Page Not Found" };
  return {
    title: robot.name,
    description: robot.intro,
    openGraph: { title: `${robot.name} · Kewl`, description: robot.intro, type: "profile" },
    twitter: { card: "summary_large_image", title: robot.name, description: robot.intro },
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
