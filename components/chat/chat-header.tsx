import { Link } from "@/components/ui/link";
import { CharacterAvatar } from "./character-avatar";
import { ModelPicker } from "./model-picker";
import { WalletStatus } from "./wallet-status";

interface Props {
  robot: { id: number; key: string; name: string };
  avatarSrc: string | null;
}

/** The chat's top bar: who you talk to (server-rendered), your balance and the model picker (client islands). */
export function ChatHeader({ robot, avatarSrc }: Props) {
  return (
    <div data-chat-header className="shrink-0 border-b border-border bg-background">
      <div className="mx-auto flex w-full max-w-3xl items-center gap-3 px-4 py-2.5 sm:px-6">
        <CharacterAvatar src={avatarSrc} className="size-10" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base leading-tight font-semibold">
            <Link
              href={`/character/${robot.id}`}
              className="rounded-sm outline-none hover:underline hover:underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring"
            >
              {robot.name}
            </Link>
          </h1>
          <WalletStatus />
        </div>
        <ModelPicker robotId={robot.id} robotKey={robot.key} />
      </div>
    </div>
  );
}
