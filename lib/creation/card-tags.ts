/** A card's tags (free text) matched to the catalogue's tags by name or key, case-insensitively. */
export interface TagChoice {
  key: string;
  name: string;
}

export function matchCardTags(
  cardTags: readonly string[],
  catalogue: readonly TagChoice[],
  max: number,
): { keys: string[]; unmatched: string[] } {
  const byName = new Map<string, string>();
  for (const tag of catalogue) {
    byName.set(tag.name.trim().toLowerCase(), tag.key);
    byName.set(tag.key.toLowerCase(), tag.key);
  }
  const keys: string[] = [];
  const unmatched: string[] = [];
  for (const raw of cardTags) {
    const name = raw.trim();
    if (!name) continue;
    const key = byName.get(name.toLowerCase());
    if (key === undefined) unmatched.push(name);
    else if (!keys.includes(key)) keys.push(key);
  }
  return { keys: keys.slice(0, max), unmatched: [...unmatched, ...keys.slice(max)] };
}
