import { getProcessDatabase } from "@/server/db/process-database";
import { getRobotDetail } from "@/server/modules/catalogue/robot-detail";
import { SHARE_CARD_SIZE, shareCard } from "@/server/pages/share-card";

export const size = SHARE_CARD_SIZE;
export const contentType = "image/png";
export const alt = "Character on Kewl";

/** Share card: name and intro on the brand gradient. NSFW and unknown characters get the plain brand card. */
export default async function OpenGraphImage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const result = /^\d{1,15}$/.test(id)
    ? await getRobotDetail(getProcessDatabase().db, Number(id), { ageVerified: false, nsfw: false })
    : null;
  const robot = result?.status === "ok" ? result.robot : null;
  return shareCard({
    heading: robot?.name ?? "Chat with AI characters",
    text: robot?.intro ?? "Browse, create and chat with characters you'll love.",
  });
}
