"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryIsland } from "@/components/query/query-island";
import { Link } from "@/components/ui/link";
import { fetchRecentChats } from "@/lib/chat/recent-api";
import { chatQueryKeys } from "@/lib/chat/query-keys";
import { safeImageSrc } from "@/lib/format/safe-image-src";

/** Home's "Continue chatting" row for the signed-in user `uid` (continue-chatting.tsx loads it). */
export function RecentChatsRow({ uid }: { uid: string }) {
  return (
    <QueryIsland>
      <RecentChats uid={uid} />
    </QueryIsland>
  );
}

function RecentChats({ uid }: { uid: string }) {
  const { data } = useQuery({
    queryKey: chatQueryKeys.recent(uid),
    queryFn: ({ signal }) => fetchRecentChats(signal),
    staleTime: 30_000,
  });
  if (!data || data.length === 0) return null;

  return (
    <section
      id="continue-chatting"
      aria-labelledby="continue-chatting-heading"
      className="mt-6 scroll-mt-28 motion-safe:animate-fade-in"
    >
      <h2 id="continue-chatting-heading" className="mb-3 text-lg font-semibold">
        Continue chatting
      </h2>
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6">
        {data.map((chat) => {
          const avatar = safeImageSrc(chat.robot.avatar);
          return (
            <li key={chat.session_id} className="w-64 shrink-0 snap-start">
              <Link
                href={`/character/chat/${chat.robot.id}`}
                className="flex h-full items-center gap-3 rounded-2xl border border-border bg-card p-3 transition-colors outline-none hover:border-primary/50 hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
              >
                {avatar ? (
                  // eslint-disable-next-line @next/next/no-img-element -- local SVG avatars or https URLs
                  <img
                    src={avatar}
                    alt=""
                    width={48}
                    height={48}
                    className="size-12 shrink-0 rounded-full bg-muted object-cover"
                  />
                ) : (
                  <span aria-hidden="true" className="size-12 shrink-0 rounded-full bg-muted" />
                )}
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{chat.robot.name}</span>
                  <span className="block truncate text-sm text-muted-foreground">{oneLine(chat.last_message)}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The last message as one line of plain text: markdown markers and line breaks dropped. */
function oneLine(text: string): string {
  return text
    .replace(/[*_`#>]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
