import { ChatIcon } from "@/components/ui/icons";
import { Link } from "@/components/ui/link";
import type { RobotDetail } from "@/lib/contracts/catalogue";
import { formatCount } from "@/lib/format/count";
import { fillPlaceholders } from "@/lib/format/character-text";
import { safeImageSrc } from "@/lib/format/safe-image-src";
import { QueryIsland } from "@/components/query/query-island";
import { CharacterActions } from "./character-actions";
import { CopyCredit } from "./copy-credit";
import { FavoriteButton } from "./favorite-button";
import { VisibilityBadge } from "./visibility-badge";

/**
 * The character page's content: rendered on the server for /character/{id}, and in the browser for a creator's
 * private character (which the server cannot see: the session is in localStorage).
 */
export function CharacterView({ robot }: { robot: RobotDetail }) {
  return (
    <main className="mx-auto max-w-3xl">
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
        {/* eslint-disable-next-line @next/next/no-img-element -- local SVG avatar */}
        <img
          src={safeImageSrc(robot.avatar) ?? undefined}
          alt={`${robot.name}'s avatar`}
          width={160}
          height={160}
          className="size-36 shrink-0 rounded-3xl bg-muted object-cover sm:size-40"
        />
        {/* The name, creator, credit and intro are the creator's text: a word too long for the column breaks. */}
        <div className="min-w-0 flex-1 wrap-anywhere">
          <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 sm:justify-start">
            <h1 className="min-w-0 text-3xl font-bold tracking-tight">{robot.name}</h1>
            <VisibilityBadge visibility={robot.visibility} />
          </div>
          {robot.creator ? (
            <p className="mt-1 text-sm text-muted-foreground">
              by{" "}
              <Link
                className="rounded-sm font-medium text-foreground underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                href={`/profile/${robot.creator.key}`}
              >
                {robot.creator.name}
              </Link>
            </p>
          ) : null}
          {robot.copied_from ? <CopyCredit credit={robot.copied_from} /> : null}
          <p className="mt-3 text-base">{robot.intro}</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start" aria-label="Tags">
            {robot.tags.map((t) => (
              <li key={t.key}>
                <Link
                  href={`/tag/${t.key}`}
                  className="inline-block rounded-full bg-muted px-3 py-1 text-xs outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
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
              className="inline-flex h-11 items-center rounded-full bg-primary px-8 font-semibold text-primary-foreground outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              Chat
            </Link>
            <FavoriteButton robotId={robot.id} initialCount={robot.favorite_count} />
          </div>
          <div
            className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start"
            role="group"
            aria-label="Character actions"
          >
            <QueryIsland>
              <CharacterActions
                robot={{
                  id: robot.id,
                  name: robot.name,
                  visibility: robot.visibility,
                  creatorKey: robot.creator?.key ?? null,
                }}
              />
            </QueryIsland>
          </div>
        </div>
      </div>
      <section aria-labelledby="greeting-heading" className="mt-10">
        <h2 id="greeting-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          Greeting
        </h2>
        <p className="mt-2 rounded-2xl rounded-tl-sm bg-muted p-4 wrap-anywhere whitespace-pre-line">
          {fillPlaceholders(robot.greeting, robot.name)}
        </p>
      </section>
    </main>
  );
}
