import { shareCard } from "@/server/pages/share-card";

/** The brand share card, for pages without one of their own (server/pages/share-metadata.ts). */
export const dynamic = "force-static";

export function GET() {
  return shareCard({
    heading: "Chat with AI characters",
    text: "Browse, create and chat with characters you'll love.",
  });
}
