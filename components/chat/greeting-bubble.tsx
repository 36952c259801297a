"use client";

import { fillPlaceholders } from "@/lib/format/character-text";
import { CharacterAvatar } from "./character-avatar";
import { MarkdownView } from "./markdown-view";
import { useViewer } from "./use-viewer";

/**
 * The character's greeting, first in every conversation. Rendered on the server with "you" for {{user}}; a
 * signed-in user's name (their persona's in a chat, `userName`) replaces it after hydration.
 */
export function GreetingBubble({
  greeting,
  characterName,
  avatarSrc,
  userName,
}: {
  greeting: string;
  characterName: string;
  avatarSrc: string | null;
  userName?: string | null;
}) {
  const { name } = useViewer();
  const text = fillPlaceholders(greeting, characterName, userName ?? name ?? undefined);
  return (
    <div className="flex gap-2.5" data-testid="chat-greeting">
      <CharacterAvatar src={avatarSrc} className="mt-0.5 size-8" />
      <div className="flex max-w-[85%] min-w-0 flex-col items-start sm:max-w-[80%]">
        <span className="sr-only">{characterName}:</span>
        <div className="min-w-0 rounded-2xl rounded-tl-md bg-muted px-4 py-2.5 text-[0.9375rem] leading-relaxed wrap-anywhere [&>*+*]:mt-2">
          <MarkdownView text={text} />
        </div>
      </div>
    </div>
  );
}
