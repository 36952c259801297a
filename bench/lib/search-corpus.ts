/**
 * Deterministic synthetic characters for bench/search.ts: names from first names, surnames, titles and
 * fantasy/sci-fi nouns; intros of 10-25 words from word lists; 1-3 demo tags each; ~3% NSFW; chat counts skewed
 * like a real catalogue (most near zero, a few in the millions). Same seed, same rows, so runs compare.
 */
import { seededRandom } from "../../lib/seeded-random";
import { DEMO_TAGS } from "../../server/db/seed/demo-tags";
import { FIRST_NAMES, NOUNS, SURNAMES, TITLES } from "./search-corpus-names";
import { ADJECTIVES, CONNECTORS, INTRO_NOUNS, PEOPLE, PLACES, RARE_WORDS, VERBS } from "./search-corpus-intros";

/** The demo tags (server/db/seed/demo-tags.ts) as key and name: generated characters link to these. */
const TAG_KEYS = DEMO_TAGS.map((tag) => [tag.key, tag.name] as const);

const AVATAR_STYLES = ["adventurer", "lorelei", "notionists", "bottts", "pixel-art", "micah", "personas", "big-smile"];

export interface GeneratedRobot {
  key: string;
  name: string;
  intro: string;
  avatar: string;
  nsfw: boolean;
  chat_count: number;
  favorite_count: number;
  tag_text: string;
  /** Comma-separated tag keys, linked in robot_tags by the insert. */
  tag_keys: string;
}

export function makeCorpus(count: number, seed = 20_240_611): GeneratedRobot[] {
  const r = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const rows: GeneratedRobot[] = [];
  for (let i = 1; i <= count; i++) {
    const first = pick(FIRST_NAMES);
    const u = r();
    let name: string;
    if (u < 0.35) name = `${first} ${pick(SURNAMES)}`;
    else if (u < 0.55) name = `${pick(TITLES)} ${first} ${pick(SURNAMES)}`;
    else if (u < 0.7) name = `${first} the ${pick(NOUNS)}`;
    else if (u < 0.8) name = `${pick(TITLES)} ${first}`;
    else if (u < 0.9) name = `${first}`;
    else name = `The ${pick(ADJECTIVES).replace(/^./, (c) => c.toUpperCase())} ${pick(NOUNS)}`;

    const target = 10 + Math.floor(r() * 16); // 10..25 words
    const words: string[] = [];
    const push = (s: string) => words.push(...s.split(" "));
    push(`A ${pick(ADJECTIVES)} ${pick(PEOPLE)} who ${pick(VERBS)} the ${pick(ADJECTIVES)} ${pick(INTRO_NOUNS)}`);
    while (words.length < target) {
      const v = r();
      if (v < 0.4) push(`${pick(CONNECTORS)} ${pick(VERBS)} a ${pick(INTRO_NOUNS)}`);
      else if (v < 0.7) push(`${pick(PLACES)} ${pick(ADJECTIVES)} ${pick(INTRO_NOUNS)}`);
      else push(`${pick(CONNECTORS)} the ${pick(PEOPLE)} ${pick(VERBS)} ${pick(ADJECTIVES)} ${pick(INTRO_NOUNS)}s`);
    }
    words.length = target;
    if (r() < 0.05) words[Math.floor(r() * words.length)] = pick(RARE_WORDS);
    const intro = `${words.join(" ")}.`;

    const tagCount = 1 + Math.floor(r() * 3);
    const chosen = new Map<string, string>();
    while (chosen.size < tagCount) {
      const [key, tagName] = pick(TAG_KEYS);
      chosen.set(key, tagName);
    }
    // Skewed popularity: most characters are barely used, a few have millions of chats.
    const chat = Math.floor(2_000_000 * r() ** 6);
    const key = `bench-${i}`;
    rows.push({
      key,
      name: name.slice(0, 60),
      intro,
      avatar: `/v1/avatar/${pick(AVATAR_STYLES)}/${key}.svg`,
      nsfw: r() < 0.03,
      chat_count: chat,
      favorite_count: Math.floor(chat * r() * 0.1),
      tag_text: [...chosen.values()].join(" "),
      tag_keys: [...chosen.keys()].join(","),
    });
  }
  return rows;
}
