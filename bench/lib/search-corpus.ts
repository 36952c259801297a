/**
 * Deterministic synthetic characters for bench/search.ts: names from first names, surnames, titles and
 * fantasy/sci-fi nouns; intros of 10-25 words from word lists; 1-3 demo tags each; ~3% NSFW; chat counts skewed
 * like a real catalogue (most near zero, a few in the millions). Same seed, same rows, so runs compare.
 */

export const FIRST_NAMES = [
  "Aria", "Elara", "Kael", "Lyra", "Thorne", "Mira", "Rowan", "Seraphina", "Darius", "Isolde", "Corvin", "Nyx",
  "Aldric", "Freya", "Cassian", "Vesper", "Juniper", "Orion", "Talia", "Magnus", "Wren", "Soren", "Elowen", "Ezra",
  "Luna", "Dante", "Ophelia", "Jasper", "Astrid", "Felix", "Ingrid", "Lucian", "Nadia", "Silas", "Yara", "Bastian",
  "Celeste", "Emrys", "Gwen", "Hector", "Ivy", "Kenji", "Leona", "Marek", "Noor", "Oskar", "Priya", "Quinn", "Rhea",
  "Stellan", "Tamsin", "Ulric", "Valeria", "Wilhelmina", "Xander", "Yusuf", "Zelda", "Amara", "Bram", "Calla",
  "Desmond", "Esme", "Fenwick", "Greta", "Hollis", "Ilse", "Jonas", "Katya", "Leif", "Maeve", "Nikolai", "Odette",
  "Percival", "Rosalind", "Sabine", "Tobias", "Ursula", "Viktor", "Winifred", "Yvaine", "Zephyr", "Anselm", "Beatrix",
  "Cyrus", "Delphine", "Evander", "Fiora", "Gideon", "Hazel", "Idris", "Jocasta", "Kestrel", "Lysander", "Morgana",
  "Nerys", "Octavia", "Pallas", "Ragnar", "Sigrid", "Theodora", "Ignatius", "Aurelia", "Barnaby", "Clementine",
  "Dorian", "Eleanor", "Florian", "Genevieve", "Horatio", "Imogen", "Jareth", "Kira", "Lorcan", "Marisol", "Niamh",
  "Osric", "Petra", "Rafferty", "Saoirse", "Tristan", "Una", "Vashti", "Wolfgang", "Xiomara", "Yannick", "Zara",
  "Akira", "Hana", "Ren", "Sakura", "Haruto", "Mei", "Jin", "Suki", "Takeshi", "Yuki", "Arjun", "Leilani", "Mateo",
  "Nia", "Omar", "Paloma", "Rafael", "Sena", "Tariq", "Valentina",
];

export const SURNAMES = [
  "Voss", "Ashgrove", "Blackwood", "Thornfield", "Silverstein", "Ravenscroft", "Holloway", "Whitlock", "Marlowe",
  "Drakemoor", "Fairweather", "Grimsby", "Hartwell", "Ironside", "Kingsley", "Lockhart", "Mercer", "Nightingale",
  "Oakenshield", "Pendragon", "Quill", "Rookwood", "Stormcrow", "Tanaka", "Underhill", "Vance", "Winterbourne",
  "Yorke", "Zeller", "Abernathy", "Bellamy", "Crane", "Dunmore", "Everhart", "Falkenrath", "Galloway", "Hawthorne",
  "Ingram", "Jessup", "Kovacs", "Larkspur", "Montague", "Nakamura", "Ortega", "Pryce", "Quenby", "Rask", "Sterling",
  "Thistlewood", "Umbra", "Valdez", "Wolfe", "Xu", "Yamada", "Zhao", "Ambrose", "Brightwater", "Coldwell", "Duskmantle",
  "Emberly", "Frost", "Greaves", "Halloran", "Ivers", "Jadeheart", "Kestrelwood", "Lovelace", "Moonwhisper", "Northcott",
  "Okafor", "Petrov", "Quintero", "Rosenthal", "Sayer", "Thatcher", "Ulverston", "Vantablack", "Wexley", "Yarrow",
];

export const TITLES = [
  "Captain", "Doctor", "Professor", "Lady", "Lord", "Sir", "Commander", "Detective", "Sister", "Father", "Agent",
  "Admiral", "Baroness", "Count", "Duchess", "Elder", "General", "Inspector", "Madame", "Master", "Officer", "Prince",
  "Princess", "Queen", "King", "Sergeant", "Warden", "Chancellor", "Archmage", "Pilot",
];

export const NOUNS = [
  "Dragon", "Phoenix", "Wraith", "Raven", "Wolf", "Golem", "Android", "Cyborg", "Starship", "Nebula", "Comet",
  "Specter", "Serpent", "Griffin", "Kraken", "Titan", "Oracle", "Sentinel", "Nomad", "Rogue", "Witch", "Paladin",
  "Alchemist", "Mercenary", "Smuggler", "Bard", "Druid", "Necromancer", "Gunslinger", "Hacker", "Samurai", "Ronin",
  "Vampire", "Werewolf", "Lich", "Banshee", "Valkyrie", "Centaur", "Sphinx", "Basilisk", "Chimera", "Hydra", "Mech",
  "Drone", "Clone", "Cosmonaut", "Pirate", "Corsair", "Ranger", "Tinker", "Wanderer", "Librarian", "Cartographer",
];

const ADJECTIVES = [
  "ancient", "brave", "cursed", "clever", "dark", "eerie", "fierce", "gentle", "haunted", "hidden", "iron", "jaded",
  "lonely", "mysterious", "noble", "quiet", "restless", "silver", "stubborn", "wandering", "wise", "wild", "forgotten",
  "exiled", "charming", "grumpy", "sleepy", "cheerful", "sarcastic", "loyal", "reckless", "shy", "cosmic", "rusty",
  "neon", "frozen", "burning", "sunken", "floating", "velvet", "shadowy", "radiant", "broken", "secret", "tireless",
];

const INTRO_NOUNS = [
  "dragon", "ship", "castle", "tavern", "forest", "kingdom", "station", "city", "library", "academy", "lighthouse",
  "village", "empire", "planet", "garden", "crown", "sword", "spell", "machine", "colony", "archive", "harbor",
  "temple", "desert", "mountain", "moon", "train", "market", "museum", "observatory", "workshop", "manor", "island",
  "caravan", "circus", "cathedral", "fortress", "swamp", "reactor", "outpost",
];

const PEOPLE = [
  "knight", "wizard", "captain", "detective", "healer", "thief", "scholar", "engineer", "priestess", "hunter",
  "merchant", "soldier", "spy", "poet", "chef", "teacher", "musician", "inventor", "guard", "princess", "pilot",
  "robot", "ghost", "witch", "pirate", "monk", "mechanic", "doctor", "archivist", "courier",
];

const VERBS = [
  "guards", "seeks", "protects", "haunts", "runs", "rules", "repairs", "studies", "explores", "defends", "remembers",
  "hunts", "teaches", "sings about", "dreams of", "escaped from", "searches for", "keeps", "collects", "maps",
  "investigates", "smuggles", "brews", "forges", "tends",
];

const CONNECTORS = ["and", "with", "who", "while", "but", "since", "until", "because"];
const PLACES = ["near the", "beyond the", "inside the", "under the", "above the", "behind the", "at the edge of the"];

/** Rare words: each row gets one with probability 5%, so each word lands in about 30 of 100k intros. */
export const RARE_WORDS = Array.from({ length: 160 }, (_, i) => {
  const base = [
    "marzipan", "quicksilver", "obsidian", "zeppelin", "harpsichord", "sextant", "periwinkle", "gramophone",
    "mandolin", "kaleidoscope", "astrolabe", "tourmaline", "chrysalis", "labyrinth", "metronome", "sarsaparilla",
    "tesseract", "umbrella", "vellum", "xylograph",
  ];
  const suffix = ["", "s", "ed", "ish", "ware", "craft", "smith", "wright"][Math.floor(i / 20)] ?? "";
  return `${base[i % 20]}${suffix}`;
});

/** Demo tag keys and names (server/db/seed/demo-tags.ts): generated characters link to these. */
export const TAG_KEYS = [
  ["fantasy", "Fantasy"], ["sci-fi", "Sci-Fi"], ["romance", "Romance"], ["anime", "Anime"], ["mentors", "Mentors"],
  ["history", "History"], ["horror", "Horror"], ["comedy", "Comedy"], ["games", "Games"], ["companions", "Companions"],
  ["mystery", "Mystery"], ["adventure", "Adventure"], ["slice-of-life", "Slice of Life"], ["wellness", "Wellness"],
] as const;

const AVATAR_STYLES = ["adventurer", "lorelei", "notionists", "bottts", "pixel-art", "micah", "personas", "big-smile"];

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
  const r = rng(seed);
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
