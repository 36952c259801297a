import { z } from "zod";

export const avatarStyleSchema = z.enum([
  "adventurer",
  "lorelei",
  "notionists",
  "bottts",
  "pixel-art",
  "micah",
  "personas",
  "big-smile",
  "avataaars",
  "open-peeps",
]);
export type AvatarStyleName = z.infer<typeof avatarStyleSchema>;

const COLLECTION_EXPORT: Record<AvatarStyleName, string> = {
  adventurer: "adventurer",
  lorelei: "lorelei",
  notionists: "notionists",
  bottts: "bottts",
  "pixel-art": "pixelArt",
  micah: "micah",
  personas: "personas",
  "big-smile": "bigSmile",
  avataaars: "avataaars",
  "open-peeps": "openPeeps",
};

export function avatarPath(style: AvatarStyleName, seed: string): string {
  return `/v1/avatar/${style}/${encodeURIComponent(seed)}.svg`;
}

const cache = new Map<string, string>();
const CACHE_MAX = 2000;

/** Deterministic SVG avatar made locally with DiceBear; nothing is fetched. */
export async function renderAvatar(style: AvatarStyleName, seed: string): Promise<string> {
  const cacheKey = `${style}/${seed}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const [{ createAvatar }, collection] = await Promise.all([import("@dicebear/core"), import("@dicebear/collection")]);
  const styleDef = (collection as unknown as Record<string, Parameters<typeof createAvatar>[0]>)[
    COLLECTION_EXPORT[style]
  ];
  if (!styleDef) throw new Error(`Unknown avatar style ${style}`);
  const svg = createAvatar(styleDef, {
    seed,
    size: 256,
    backgroundType: ["gradientLinear"],
    backgroundColor: ["b6e3f4", "c0aede", "d1d4f9", "ffd5dc", "ffdfbf"],
  }).toString();
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(cacheKey, svg);
  return svg;
}
