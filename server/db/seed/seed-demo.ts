import { count, eq, inArray, sql } from "drizzle-orm";
import { avatarPath } from "../../modules/avatars/render-avatar";
import { chatModels, coinProducts, robotTags, robots, subscriptionProducts, tags, users } from "../schema";
import type { Db } from "../types";
import { DEMO_CHAT_MODELS, DEMO_COIN_PRODUCTS, DEMO_SUBSCRIPTION_PRODUCTS } from "./demo-billing";
import { DEMO_CHARACTERS } from "./demo-characters";
import { DEMO_TAGS } from "./demo-tags";

const STUDIO_USER_KEY = "kewl-studio";
// Arbitrary constant: one seed at a time when several processes start together on one database.
const SEED_LOCK_ID = 72_010_418;

const TAG_NAME = new Map(DEMO_TAGS.map((t) => [t.key, t.name]));
const tagNames = (keys: string[]) => keys.map((k) => TAG_NAME.get(k) ?? k).join(" ");

/**
 * Loads the demo catalogue, plans, coin packages and models when the catalogue is empty. Idempotent, also when
 * several processes start at once.
 */
export async function seedDemo(db: Db): Promise<{ seeded: boolean; characters: number }> {
  return db.transaction(async (tx) => {
    // The others wait for the first process to seed, then find the catalogue loaded.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ n: count() }).from(robots);
    if ((existing?.n ?? 0) > 0) return { seeded: false, characters: existing?.n ?? 0 };

    await tx.insert(chatModels).values(DEMO_CHAT_MODELS).onConflictDoNothing();
    await tx.insert(subscriptionProducts).values(DEMO_SUBSCRIPTION_PRODUCTS).onConflictDoNothing();
    await tx.insert(coinProducts).values(DEMO_COIN_PRODUCTS).onConflictDoNothing();
    await tx.insert(tags).values(DEMO_TAGS).onConflictDoNothing();
    await tx
      .insert(users)
      .values({ key: STUDIO_USER_KEY, name: "Kewl Studio", face: avatarPath("bottts", STUDIO_USER_KEY), sex: -1 })
      .onConflictDoNothing();
    const [studio] = await tx.select({ id: users.id }).from(users).where(eq(users.key, STUDIO_USER_KEY));

    const inserted = await tx
      .insert(robots)
      .values(
        DEMO_CHARACTERS.map((ch) => ({
          key: ch.key,
          creatorId: studio?.id ?? null,
          name: ch.name,
          intro: ch.intro,
          greeting: ch.greeting,
          persona: ch.persona,
          scenario: ch.scenario,
          exampleDialogue: ch.exampleDialogue,
          avatar: avatarPath(ch.avatarStyle, ch.key),
          nsfw: ch.nsfw,
          chatCount: ch.chatCount,
          favoriteCount: ch.favoriteCount,
          tagText: tagNames(ch.tags),
        })),
      )
      .returning({ id: robots.id, key: robots.key });
    const tagRows = await tx
      .select({ id: tags.id, key: tags.key })
      .from(tags)
      .where(
        inArray(
          tags.key,
          DEMO_TAGS.map((t) => t.key),
        ),
      );
    const tagId = new Map(tagRows.map((t) => [t.key, t.id]));
    const robotId = new Map(inserted.map((r) => [r.key, r.id]));
    const links = DEMO_CHARACTERS.flatMap((ch) =>
      ch.tags.flatMap((t) => {
        const r = robotId.get(ch.key);
        const tg = tagId.get(t);
        return r !== undefined && tg !== undefined ? [{ robotId: r, tagId: tg }] : [];
      }),
    );
    if (links.length) await tx.insert(robotTags).values(links);
    return { seeded: true, characters: DEMO_CHARACTERS.length };
  });
}
