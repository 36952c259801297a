"use client";

import { useState } from "react";
import { chooseGreeting } from "@/lib/chat/chat-changes-api";
import { changeFailed } from "./change-failed";
import { GreetingBubble } from "./greeting-bubble";
import { usePersonaName } from "./use-persona";
import { SwipeControls } from "./swipe-controls";
import { useSwipeGesture } from "./use-swipes";

/**
 * The greeting, with the character's alternate greetings as its swipes while the conversation has not begun. A
 * signed-in user's choice is saved (it is the greeting the model sees); a visitor's stays on the page.
 */
export function GreetingSwipes({
  robotId,
  chatId,
  greetings,
  index,
  open,
  signedIn,
  characterName,
  avatarSrc,
  onChosen,
}: {
  robotId: number;
  /** The chat on screen when one was chosen; null means the latest chat with the character. */
  chatId: string | null;
  /** The greeting, then the alternates. */
  greetings: string[];
  index: number;
  /** Swipes are offered: nothing has been said yet. */
  open: boolean;
  signedIn: boolean;
  characterName: string;
  avatarSrc: string | null;
  onChosen: (index: number) => void;
}) {
  const [pending, setPending] = useState(false);
  const userName = usePersonaName(robotId, signedIn);
  const shown = Math.min(index, greetings.length - 1);
  const swipeable = open && greetings.length > 1;

  async function go(next: number) {
    if (pending || next < 0 || next >= greetings.length) return;
    if (!signedIn) {
      onChosen(next);
      return;
    }
    setPending(true);
    try {
      onChosen(await chooseGreeting(robotId, chatId, next));
    } catch (error) {
      changeFailed("Couldn't switch greetings", error);
    } finally {
      setPending(false);
    }
  }
  const gesture = useSwipeGesture((step) => void go(shown + step));

  return (
    <div className={`flex flex-col gap-1 ${swipeable ? "touch-pan-y" : ""}`} {...(swipeable ? gesture : {})}>
      <GreetingBubble
        greeting={greetings[shown] ?? ""}
        characterName={characterName}
        avatarSrc={avatarSrc}
        userName={userName}
      />
      {swipeable ? (
        <div className="pl-[2.625rem]">
          <SwipeControls
            place={{ index: shown, count: greetings.length }}
            noun="greeting"
            disabled={pending}
            onGo={(next) => void go(next)}
          />
        </div>
      ) : null}
    </div>
  );
}
