import { getProcessDatabase } from "@/server/db/process-database";
import { getPublicProfile } from "@/server/modules/accounts/public-profile";
import { listCreatorRobots } from "@/server/modules/catalogue/list-robots";
import { avatarPng } from "@/server/modules/creation/card-avatar-png";
import { readStoredAvatar } from "@/server/modules/files/stored-avatar";
import { getProcessStorage } from "@/server/providers/storage/process-storage";
import { imageRouteParam } from "@/server/pages/image-route-param";
import { SHARE_CARD_SIZE, shareCard } from "@/server/pages/share-card";
import { profileDescription } from "@/server/pages/share-descriptions";

export const size = SHARE_CARD_SIZE;
export const contentType = "image/png";
export const alt = "Profile on Kewl";

const SAFE_VIEWER = { ageVerified: false, nsfw: false };

/**
 * Share card: the user's avatar, name, ID and character count. The avatar is drawn as the character card export
 * draws one (generated ones from their SVG, uploads read from storage, never fetched by URL; anything else falls
 * back to the avatar generated from the ID). Unknown profiles: the brand card.
 */
export default async function OpenGraphImage({ params }: { params: Promise<{ user_key: string }> }) {
  const { user_key } = await params;
  const key = imageRouteParam(user_key);
  const db = getProcessDatabase().db;
  const profile = key === null ? null : await getPublicProfile(db, key);
  if (!profile) return shareCard({ heading: "Chat with AI characters", text: "Meet the people who create on Kewl." });
  const storage = getProcessStorage();
  const [characters, picture] = await Promise.all([
    listCreatorRobots(db, profile.id, { page: 1, pageSize: 1 }, SAFE_VIEWER),
    avatarPng(profile.face, profile.key, (url) => (storage ? readStoredAvatar(url, storage) : Promise.resolve(null))),
  ]);
  return shareCard({
    kicker: `@${profile.key}`,
    heading: profile.name,
    text: profileDescription(profile.name, characters.total),
    picture,
  });
}
