import { randomBytes } from "node:crypto";

/** A new character's key: a slug of its name (ASCII, up to 40) and a short random suffix, e.g. `nova-3f9a1c`. */
export function newCharacterKey(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  const suffix = randomBytes(4).toString("hex").slice(0, 6);
  return slug ? `${slug}-${suffix}` : `character-${suffix}`;
}
