import { Link } from "@/components/ui/link";
import { CharacterAvatar } from "./character-avatar";
import { ChatBackLink } from "./chat-back-link";
import { MemoryButton } from "./memory-button";
import { ChatListButton } from "./chat-list-button";
import { ModelPicker } from "./model-picker";
import { PersonaButton } from "./persona-button";
import { WalletStatus } from "./wallet-status";

interface Props {
  robot: { id: number; key: string; name: string };
  avatarSrc: string | null;
}

/**
 * The chat's top bar: who you talk to (server-rendered), your balance and the model picker (client islands).
 * Below 640px it stands in for the site header (a back arrow first) and gives the name a line of its own, which
 * wraps (one line, cut with an ellipsis, while the keyboard leaves little room) beside the chat's tools (Memory,
 * Chats, persona), with the balance and the model picker below; from 640px the picker and the tools sit on the right.
 * The name's column keeps 6.5rem below 640px: a long model name ("Standard (offline demo)") is cut in the picker
 * rather than squeezing the character's name to a word a line.
 */
export function ChatHeader({ robot, avatarSrc }: Props) {
  return (
    <div data-chat-header className="shrink-0 border-b border-border bg-background">
      <div className="mx-auto flex w-full max-w-3xl items-center gap-2 py-1.5 pr-3 pl-1 sm:gap-3 sm:px-6 sm:py-2.5">
        <ChatBackLink robotId={robot.id} className="sm:hidden" />
        <CharacterAvatar src={avatarSrc} className="size-9 sm:size-10" />
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(6.5rem,1fr)_auto] items-center gap-x-1.5 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:gap-x-3">
          <h1 className="col-start-1 row-start-1 text-[0.9375rem] leading-5 font-semibold wrap-anywhere sm:text-base sm:leading-tight [[data-short-window]_&]:line-clamp-1">
            <Link
              href={`/character/${robot.id}`}
              title={robot.name}
              className="rounded-sm outline-none hover:underline hover:underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring"
            >
              {robot.name}
            </Link>
          </h1>
          <WalletStatus />
          <ModelPicker
            robotId={robot.id}
            robotKey={robot.key}
            className="col-start-2 row-start-2 justify-self-end sm:row-span-2 sm:row-start-1"
          />
          <div
            role="group"
            aria-label="Chat tools"
            className="col-start-2 row-start-1 flex items-center justify-self-end sm:col-start-3 sm:row-span-2 sm:row-start-1 sm:gap-1"
          >
            <MemoryButton robotId={robot.id} robotName={robot.name} />
            <ChatListButton robot={robot} />
            <PersonaButton robotId={robot.id} />
          </div>
        </div>
      </div>
    </div>
  );
}
