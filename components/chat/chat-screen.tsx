import type { RobotDetail } from "@/lib/contracts/catalogue";
import { safeImageSrc } from "@/lib/format/safe-image-src";
import { QueryIsland } from "@/components/query/query-island";
import { ChatHeader } from "./chat-header";
import { ChatRoom } from "./chat-room";
import { ChatViewport } from "./chat-viewport";
import { RememberRecentCharacter } from "./remember-recent-character";

/** The whole chat with a character: its header and the room (the chat page, and a creator's private character). */
export function ChatScreen({ robot }: { robot: RobotDetail }) {
  const avatarSrc = safeImageSrc(robot.avatar);
  return (
    <QueryIsland>
      <ChatViewport>
        <RememberRecentCharacter id={robot.id} name={robot.name} avatar={avatarSrc} />
        <ChatHeader robot={robot} avatarSrc={avatarSrc} />
        <ChatRoom
          robot={{
            id: robot.id,
            key: robot.key,
            name: robot.name,
            greeting: robot.greeting,
            alternateGreetings: robot.alternate_greetings,
            avatarSrc,
          }}
        />
      </ChatViewport>
    </QueryIsland>
  );
}
