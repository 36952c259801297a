import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { ChatScreen } from "@/components/chat/chat-screen";
import { loadRobotForPage } from "@/server/pages/robot-page-data";

export const dynamic = "force-dynamic";

// The composer sits on the bottom edge: draw under the home indicator (padded by safe-area insets) and let an
// on-screen keyboard shrink the layout rather than cover the composer.
export const viewport: Viewport = { viewportFit: "cover", interactiveWidget: "resizes-content" };

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const robot = await loadRobotForPage(id, `/character/chat/${id}`);
  // The 404 (a nested not-found cannot set its own title).
  if (!robot) return { title: "Page Not Found" };
  return { title: `Chat with ${robot.name}`, description: robot.intro, robots: { index: false } };
}

export default async function ChatPage({ params }: Props) {
  const { id } = await params;
  const robot = await loadRobotForPage(id, `/character/chat/${id}`);
  if (!robot) notFound();
  return <ChatScreen robot={robot} />;
}
