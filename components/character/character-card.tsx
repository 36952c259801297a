import { Link } from "@/components/ui/link";
import { trackClick } from "@/lib/analytics/click-label";
import type { RobotCard } from "@/lib/contracts/catalogue";
import { formatCount } from "@/lib/format/count";
import { safeImageSrc } from "@/lib/format/safe-image-src";
import { ChatIcon, HeartIcon } from "@/components/ui/icons";

/** A character in a grid: avatar, name, intro, tags, chat and favourite counts. */
export function CharacterCard({ robot, priority = false }: { robot: RobotCard; priority?: boolean }) {
  return (
    <article className="group relative flex h-full gap-3 rounded-2xl border border-border bg-card p-3 transition hover:border-primary/60 hover:shadow-md">
      {/* eslint-disable-next-line @next/next/no-img-element -- small local SVG avatars need no optimisation */}
      <img
        src={safeImageSrc(robot.avatar) ?? undefined}
        alt=""
        width={72}
        height={72}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        className="size-[72px] shrink-0 rounded-xl bg-muted"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="truncate font-semibold">
          <Link
            href={`/character/${robot.id}`}
            {...trackClick("index", robot.id)}
            className="outline-none group-hover:text-primary after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
          >
            {robot.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">{robot.intro}</p>
        <div className="mt-auto flex min-w-0 items-center gap-3 pt-2 text-xs whitespace-nowrap text-muted-foreground">
          <span className="inline-flex items-center gap-1" title={`${robot.chat_count.toLocaleString("en-US")} chats`}>
            <ChatIcon />
            <span className="sr-only">Chats: </span>
            {formatCount(robot.chat_count)}
          </span>
          <span
            className="inline-flex items-center gap-1"
            title={`${robot.favorite_count.toLocaleString("en-US")} favourites`}
          >
            <HeartIcon />
            <span className="sr-only">Favourites: </span>
            {formatCount(robot.favorite_count)}
          </span>
          {robot.nsfw ? (
            <span className="rounded bg-destructive/15 px-1.5 font-semibold text-destructive">18+</span>
          ) : null}
          <span className="ml-auto hidden min-w-0 truncate sm:inline">{robot.tags.map((t) => t.name).join(" · ")}</span>
        </div>
      </div>
    </article>
  );
}
