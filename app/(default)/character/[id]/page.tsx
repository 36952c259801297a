import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ChatIcon } from "@/components/ui/icons";
import { FavoriteButton } from "@/components/character/favorite-button";
import { formatCount } from "@/lib/format/count";
import { fillPlaceholders } from "@/lib/format/character-text";
import { safeImageSrc } from "@/lib/format/safe-image-src";
import { loadRobotForPage } from "@/server/pages/robot-page-data";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const robot = await loadRobotForPage(id, `/character/${id}`);
  if (!robot) return {};
  return {
    title: robot.name,
    description: robot.intro,
    openGraph: { title: `${robot.name} · Kewl`, description: robot.intro, type: "profile" },
    twitter: { card: "summary_large_image", title: robot.name, description: robot.intro },
  };
}

export default async function CharacterPage({ params }: Props) {
  const { id } = await params;
  const robot = await loadRobotForPage(id, `/character/${id}`);
  if (!robot) notFound();
  return (
    <main className="mx-auto max-w-3xl">
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
        {/* eslint-disable-next-line @next/next/no-img-element -- local SVG avatar */}
        <img
          src={safeImageSrc(robot.avatar) ?? undefined}
          alt={`${robot.name}'s avatar`}
          width={160}
          height={160}
          className="size-36 shrink-0 rounded-3xl bg-muted sm:size-40"
        />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold tracking-tight">{robot.name}</h1>
          {robot.creator ? (
            <p className="mt-1 text-sm text-muted-foreground">
              by{" "}
              <Link
                className="font-medium text-foreground underline-offset-2 hover:underline"
                href={`/profile/${robot.creator.key}`}
              >
                {robot.creator.name}
              </Link>
            </p>
          ) : null}
          <p className="mt-3 text-base">{robot.intro}</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start" aria-label="Tags">
            {robot.tags.map((t) => (
              <li key={t.key}>
                <Link
                  href={`/tag/${t.key}`}
                  className="inline-block rounded-full bg-muted px-3 py-1 text-xs hover:text-primary"
                >
                  {t.name}
                </Link>
              </li>
            ))}
            {robot.nsfw ? (
              <li className="rounded-full bg-destructive/15 px-3 py-1 text-xs font-semibold text-destructive">18+</li>
            ) : null}
          </ul>
          <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <ChatIcon />
            {formatCount(robot.chat_count)} chats
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-3 sm:justify-start">
            <Link
              href={`/character/chat/${robot.id}`}
              className="inline-flex h-11 items-center rounded-full bg-primary px-8 font-semibold text-primary-foreground outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring"
            >
              Chat
            </Link>
            <FavoriteButton robotId={robot.id} initialCount={robot.favorite_count} />
          </div>
        </div>
      </div>
      <section aria-labelledby="greeting-heading" className="mt-10">
        <h2 id="greeting-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          Greeting
        </h2>
        <p className="mt-2 rounded-2xl rounded-tl-sm bg-muted p-4 whitespace-pre-line">
          {fillPlaceholders(robot.greeting, robot.name)}
        </p>
      </section>
    </main>
  );
}
