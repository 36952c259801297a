import { randomInt } from "node:crypto";

// At most 7 letters each, so adjective + noun + 4 digits stays within the 20-character nickname rule (SPEC §9).
const ADJECTIVES = [
  "Amber",
  "Brave",
  "Bright",
  "Calm",
  "Clever",
  "Cosmic",
  "Cozy",
  "Curious",
  "Dreamy",
  "Eager",
  "Gentle",
  "Golden",
  "Happy",
  "Jolly",
  "Kind",
  "Lively",
  "Lucky",
  "Mellow",
  "Merry",
  "Misty",
  "Nimble",
  "Polite",
  "Quiet",
  "Rapid",
  "Silver",
  "Sunny",
  "Swift",
  "Witty",
  "Velvet",
  "Zesty",
] as const;

const NOUNS = [
  "Badger",
  "Comet",
  "Cricket",
  "Dolphin",
  "Falcon",
  "Fern",
  "Fox",
  "Gecko",
  "Harbor",
  "Heron",
  "Koala",
  "Lantern",
  "Lynx",
  "Maple",
  "Meadow",
  "Otter",
  "Owl",
  "Panda",
  "Pebble",
  "Penguin",
  "Quokka",
  "Raven",
  "River",
  "Robin",
  "Sparrow",
  "Tiger",
  "Walrus",
  "Willow",
  "Wombat",
  "Zephyr",
] as const;

/**
 * The default nickname of a new account: "SunnyOtter4821". Random, and never derived from the e-mail address,
 * which a nickname shown on profiles and characters must not reveal.
 */
export function friendlyNickname(): string {
  const digits = String(randomInt(10_000)).padStart(4, "0");
  return `${ADJECTIVES[randomInt(ADJECTIVES.length)]}${NOUNS[randomInt(NOUNS.length)]}${digits}`;
}

/** Every word the generator uses (for tests of the length rule). */
export const NICKNAME_WORDS = { adjectives: ADJECTIVES, nouns: NOUNS } as const;
