"use client";

import { useWatch } from "react-hook-form";
import { GreetingBubble } from "@/components/chat/greeting-bubble";
import { ChatIcon, HeartIcon } from "@/components/ui/icons";
import type { TagChoice } from "@/lib/creation/card-tags";
import { shownAvatar, type CharacterFormApi } from "@/lib/creation/character-form";
import { safeImageSrc } from "@/lib/format/safe-image-src";

/**
 * What the form will make: the card as the home grid shows it (components/character/character-card.tsx) and the
 * chat's first message as the chat shows it. Everything is rendered as text.
 */
export function CharacterPreview({
  control,
  tags,
}: {
  control: CharacterFormApi["control"];
  tags: readonly TagChoice[];
}) {
  const [name, intro, greeting, avatar, tagKeys, nsfw] = useWatch({
    control,
    name: ["name", "intro", "greeting", "avatar", "tags", "nsfw"],
  });
  const shownName = name.trim() || "Your character";
  const src = shownAvatar(avatar, name, safeImageSrc);
  const tagNames = tagKeys.map((key) => tags.find((t) => t.key === key)?.name ?? key);
  return (
    <section aria-labelledby="preview-heading" className="flex flex-col gap-4" data-testid="character-preview">
      <h2 id="preview-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Preview
      </h2>
      <article className="flex gap-3 rounded-2xl border border-border bg-card p-3">
        {/* eslint-disable-next-line @next/next/no-img-element -- a verified upload or a local SVG */}
        <img
          src={src}
          alt=""
          width={72}
          height={72}
          className="size-[72px] shrink-0 rounded-xl bg-muted object-cover"
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 className="truncate font-semibold">{shownName}</h3>
          <p className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">
            {intro.trim() || "Your short intro shows here."}
          </p>
          <div className="mt-auto flex min-w-0 items-center gap-3 pt-2 text-xs whitespace-nowrap text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <ChatIcon />
              <span className="sr-only">Chats: </span>0
            </span>
            <span className="inline-flex items-center gap-1">
              <HeartIcon />
              <span className="sr-only">Favourites: </span>0
            </span>
            {nsfw ? <span className="rounded bg-destructive/15 px-1.5 font-semibold text-destructive">18+</span> : null}
            <span className="ml-auto min-w-0 truncate">{tagNames.join(" · ")}</span>
          </div>
        </div>
      </article>
      <div className="rounded-2xl border border-border bg-background p-4">
        <p className="mb-3 text-xs text-muted-foreground">The chat starts with:</p>
        {greeting.trim() ? (
          <GreetingBubble greeting={greeting} characterName={shownName} avatarSrc={src} />
        ) : (
          <p className="text-sm text-muted-foreground">Write a greeting to see the first message.</p>
        )}
      </div>
    </section>
  );
}
