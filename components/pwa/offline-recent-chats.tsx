"use client";

import { Link } from "@/components/ui/link";
import { useMemo } from "react";
import { useClientValue } from "@/components/use-client-value";
import { RECENT_CHARACTERS_KEY, readRecentCharacters } from "@/lib/pwa/recent-characters";

// The stored text is the snapshot (a string compares equal between reads); it is parsed once per change.
function storedText(): string | null {
  try {
    return window.localStorage.getItem(RECENT_CHARACTERS_KEY);
  } catch {
    return null;
  }
}

/** The offline page's list of characters this browser chatted with lately (read from local storage). */
export function OfflineRecentChats() {
  const stored = useClientValue(storedText, null);
  const recent = useMemo(() => (stored ? readRecentCharacters() : []), [stored]);
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby="offline-recent-heading" className="grid gap-3">
      <h2 id="offline-recent-heading" className="text-lg font-semibold">
        Your recent chats
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {recent.map((c) => (
          <li key={c.id}>
            <Link
              href={`/character/chat/${c.id}`}
              className="flex items-center gap-3 rounded-2xl border border-border bg-card p-3 transition-colors outline-none hover:border-primary/50 hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
            >
              {c.avatar ? (
                // eslint-disable-next-line @next/next/no-img-element -- local SVG avatars or https URLs
                <img
                  src={c.avatar}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 rounded-full bg-muted object-cover"
                />
              ) : (
                <span aria-hidden="true" className="size-10 rounded-full bg-muted" />
              )}
              <span className="min-w-0 truncate font-semibold">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
