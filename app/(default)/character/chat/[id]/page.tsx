import Link from "next/link";
import { notFound } from "next/navigation";
import { fillPlaceholders } from "@/lib/format/character-text";
import { safeImageSrc } from "@/lib/format/safe-image-src";
import { loadRobotForPage } from "@/server/pages/robot-page-data";

export const dynamic = "force-dynamic";

export default async function ChatPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const robot = await loadRobotForPage(id, `/character/chat/${id}`);
  if (!robot) notFound();
  return (
    <main className="mx-auto max-w-3xl">
      <Link href={`/character/${robot.id}`} className="flex items-center gap-3">
        {/* eslint-disable-next-line @next/next/no-img-element -- local SVG avatar */}
        <img src={safeImageSrc(robot.avatar) ?? undefined} alt="" width={48} height={48} className="size-12 rounded-full bg-muted" />
        <h1 className="text-xl font-bold">{robot.name}</h1>
      </Link>
      <p className="mt-6 whitespace-pre-line rounded-2xl rounded-tl-sm bg-muted p-4">{fillPlaceholders(robot.greeting, robot.name)}</p>
    </main>
  );
}
