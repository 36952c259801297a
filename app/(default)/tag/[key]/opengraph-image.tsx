import { getProcessDatabase } from "@/server/db/process-database";
import { getTag } from "@/server/modules/catalogue/tags";
import { imageRouteParam } from "@/server/pages/image-route-param";
import { SHARE_CARD_SIZE, shareCard } from "@/server/pages/share-card";
import { characterCount } from "@/server/pages/share-descriptions";

export const size = SHARE_CARD_SIZE;
export const contentType = "image/png";
export const alt = "Characters of a tag on Kewl";

/** Share card: the tag's name, its description and how many characters it has. Unknown tags: the brand card. */
export default async function OpenGraphImage({ params }: { params: Promise<{ key: string }> }) {
  const { key } = await params;
  const decoded = imageRouteParam(key);
  const tag = decoded === null ? null : await getTag(getProcessDatabase().db, decoded);
  if (!tag) return shareCard({ heading: "Chat with AI characters", text: "Browse characters by tag on Kewl." });
  return shareCard({ kicker: `Tag · ${characterCount(tag.robot_count)}`, heading: tag.name, text: tag.description });
}
