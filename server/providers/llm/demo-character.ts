/**
 * What the offline demo model knows about a character, read from its own card with a few conservative patterns
 * (the seeded cards and most hand-written ones follow "{{char}} is a ... who ..."): the role it plays, first-person
 * lines turned from its persona, where the scene happens, how its greeting addresses the user, its pronouns and
 * its mood. Anything a pattern cannot read is left out, never guessed.
 */

export type Mood = "warm" | "bright" | "dark" | "dry" | "gentle";

export interface Pronouns {
  subject: "she" | "he" | "it" | "they";
  possessive: "her" | "his" | "its" | "their";
}

export interface CharacterFragments {
  pronouns: Pronouns;
  /** The head of what the persona says the character is, with its article: "a freighter captain". */
  role: string | null;
  /** Persona sentences in the character's own voice: "I lie easily to customs officers and never to my crew". */
  selfLines: string[];
  /** Where the scenario happens, as the character would say it: "aboard my freighter", "at Gallow Point". */
  where: string | null;
  /** The words before the user's name in the greeting: "Strap in", "There you are". */
  address: { words: string; end: "." | "!" } | null;
  mood: Mood;
}

export interface CharacterCard {
  characterName: string;
  persona: string;
  scenario: string;
  greeting: string;
}

export function readCharacter(card: CharacterCard): CharacterFragments {
  const persona = normalise(card.persona, card.characterName);
  const pronouns = pronounsOf(persona);
  return {
    pronouns,
    role: roleOf(persona),
    selfLines: selfLinesOf(persona, pronouns),
    where: whereOf(normalise(card.scenario, card.characterName)),
    address: addressOf(normalise(card.greeting, card.characterName)),
    mood: moodOf(`${card.persona} ${card.greeting}`),
  };
}

/** Placeholders in one spelling ({{char}}, {{user}}), and the character's written-out name as {{char}}. */
function normalise(text: string, name: string): string {
  let out = text
    .replace(/\{\{\s*(char|bot)\s*\}\}|<bot>/gi, "{{char}}")
    .replace(/\{\{\s*user\s*\}\}|<user>/gi, "{{user}}")
    .replace(/\s+/g, " ")
    .trim();
  const trimmed = name.trim();
  if (trimmed) out = out.split(trimmed).join("{{char}}");
  return out;
}

function pronounsOf(persona: string): Pronouns {
  const count = (pattern: RegExp) => persona.match(pattern)?.length ?? 0;
  const she = count(/\b(she|her|herself)\b/gi);
  const he = count(/\b(he|him|his|himself)\b/gi);
  if (she > he) return { subject: "she", possessive: "her" };
  if (he > she) return { subject: "he", possessive: "his" };
  if (/(^|[.!?] )It\b|\bits\b/.test(persona)) return { subject: "it", possessive: "its" };
  return { subject: "they", possessive: "their" };
}

const ROLE =
  /^\{\{char\}\} (?:is|was) (a|an|the) ([^.;:!?]+?)(?= (?:who|whom|whose|that|which|in|on|at|aboard|of|from|with|for|to|after|living|working|known)\b|[.;:!?]|$)/;
const ADJECTIVE_ENDING = /(ed|ing|ful|ous|ive|al|ic|less|ish|able|ible)$/;
const PREPOSITION = /^(from|to|by|in|on|at|for|with|into|across|through)$/;
const NOUNS_IN_ING = /(ling|king|ring|thing|being|wing|spring|string)$/;
/** Roles too plain to talk about ("a girl", "a figure"). */
const PLAIN_ROLES = /^(girl|boy|man|woman|person|guy|lady|gentleman|figure|creature|child|thing|being|one)$/i;

/** "a quick-talking freighter captain" → "a freighter captain"; "the innkeeper" → "an innkeeper". */
function roleOf(persona: string): string | null {
  const match = ROLE.exec(persona);
  if (!match?.[2]) return null;
  const all = match[2].replace(/,/g, " ").split(/\s+/).filter(Boolean);
  // "girl navigating adult life", "ranger banished from": the role ends before a verb.
  const verb = all.findIndex(
    (word, i) =>
      i >= 2 &&
      ((/^\p{Ll}+ing$/u.test(word) && !NOUNS_IN_ING.test(word)) ||
        (/^\p{Ll}+ed$/u.test(word) && (i === all.length - 1 || PREPOSITION.test(all[i + 1] ?? "")))),
  );
  const words = verb > 0 ? all.slice(0, verb) : all;
  const head = words.at(-1);
  if (!head || /[^\p{L}'-]/u.test(head)) return null;
  const noun = [head];
  for (let i = words.length - 2; i >= 0 && noun.length < 3; i -= 1) {
    const word = words[i]!;
    if (/^(and|or|but|&)$/.test(word)) break;
    const capitalised = /^\p{Lu}/u.test(word);
    // "Scotland Yard inspector", "jazz singer", "hedge wizard"; not "retired cook" or "high-school student".
    if (capitalised ? !/^\p{Lu}/u.test(noun[0]!) && noun.length > 1 : ADJECTIVE_ENDING.test(word)) break;
    if (!capitalised && noun.length > 1) break;
    noun.unshift(word);
  }
  const phrase = noun.join(" ");
  if (phrase.length > 40 || PLAIN_ROLES.test(phrase)) return null;
  return `${/^[aeiou]/i.test(phrase) ? "an" : "a"} ${phrase}`;
}

const ADVERBS = new Set(
  (
    "never always still often usually secretly rarely also only even sometimes just then somehow occasionally mostly " +
    "already nearly openly not"
  ).split(" "),
);
/** Words ending in s that are never third-person verbs. */
const NOT_VERBS = new Set(
  "his hers its this thus yes less unless perhaps towards afterwards sometimes always news".split(" "),
);
const IRREGULAR: Record<string, string> = {
  is: "am",
  has: "have",
  does: "do",
  goes: "go",
  was: "was",
  "isn't": "am not",
  "doesn't": "don't",
  "hasn't": "haven't",
  "wasn't": "wasn't",
};

/** The first-person form of a third-person verb ("keeps" → "keep", "tries" → "try"), or null if it is not one. */
function firstPerson(word: string): string | null {
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (!/^\p{Ll}{3,}$/u.test(word) || NOT_VERBS.has(word)) return null;
  if (/^(l|d|t|v)ies$/.test(word)) return word.slice(0, -1);
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("izzes")) return word.slice(0, -3);
  if (/(ss|sh|ch|x|zz|o)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return null;
}

const isAdverb = (word: string) => ADVERBS.has(word) || /^\p{Ll}{3,}ly$/u.test(word);

/**
 * The words of a clause with its first verb (after any adverbs) in the first person, or null when that word is
 * not a third-person verb. A subject "they" already has its verbs in the right form but for are/were.
 */
function conjugateClause(words: string[], they: boolean): string[] | null {
  const i = words.findIndex((word) => !isAdverb(word));
  const word = words[i];
  if (word === undefined) return null;
  const verb = they ? ({ are: "am", were: "was", "aren't": "am not" }[word] ?? word) : firstPerson(word);
  if (!verb) return null;
  return words.map((w, j) => (j === i ? verb : w));
}

const SENTENCE_END = /(?<=[.!?])(?<!\b(?:St|Dr|Mr|Mrs|Ms|Lt|Jr|Sr|Prof|Mt|vs)\.)\s+(?=[\p{Lu}{])/u;
const SUBJECT = /^(\{\{char\}\}|She|He|It|They) (.+)$/;
/** Where a relative or subordinate clause starts; its verbs agree with something else ("a cook who bakes"). */
const CLAUSE = / (?=(?:who|whom|whose|which|that|where|when|while|because|until|unless|if)\b)/;
/** After a clause, ", and" usually goes back to what the character does. */
const BACK_TO_MAIN = /(, and |, but |, yet )/;
const LIST = /(, and |, but |, yet |, then |, | and | but | yet )/;
const MAX_SELF_LINE = 150;
const NEW_SUBJECT = /^(the|a|an|his|her|its|their|my|this|that|these|those|everyone|someone|nobody|he|she|they|it)$/;
const LEFT_BEHIND = /(, | and )(\p{Ll}+ly )?(is|has|does)\b/u;

/**
 * Persona sentences about the character, in its own voice: "She lies easily to customs officers" → "I lie easily
 * to customs officers". Only sentences that start with the character as subject, whose first verb could be turned.
 */
function selfLinesOf(persona: string, pronouns: Pronouns): string[] {
  const lines: string[] = [];
  for (const sentence of persona.split(SENTENCE_END)) {
    const match = SUBJECT.exec(sentence.replace(/[.!?]+$/, ""));
    if (!match?.[2]) continue;
    const subject = match[1]!;
    if (subject !== "{{char}}" && subject.toLowerCase() !== pronouns.subject) continue;
    const they = subject === "They";
    const [main = "", ...rest] = match[2].split(CLAUSE);
    // Each item of a list of things the character does ("narrates its sighs, keeps a tally and writes poems").
    const parts = main.split(LIST);
    const first = conjugateClause(parts[0]!.split(" "), they);
    if (!first) continue;
    // Later items are verbs only when they are clauses of a few words ("cats, dogs and birds" stay as they are), and
    // only until one starts with its own subject ("but his loyalty, once given, is real").
    let ownSubject = false;
    const turned = parts.map((part, index) => {
      if (index === 0) return first.join(" ");
      const words = part.split(" ");
      if (index % 2 === 1 || words.length < 2 || ownSubject) return part;
      ownSubject = NEW_SUBJECT.test(words[0]!);
      return ownSubject ? part : (conjugateClause(words, they) ?? words).join(" ");
    });
    const after = rest
      .join(" ")
      .split(BACK_TO_MAIN)
      .map((part, index) => {
        const words = part.split(" ");
        return index < 2 || index % 2 === 1 || words.length < 2
          ? part
          : (conjugateClause(words, they) ?? words).join(" ");
      });
    const line = swapPronouns(`I ${turned.join("")} ${after.join("")}`.trim(), pronouns).replace(/^I am\b/, "I'm");
    // A clause this reading could not follow leaves a third-person verb behind: better no line than a wrong one.
    if (line.length <= MAX_SELF_LINE && !/[{}"]/.test(line) && !LEFT_BEHIND.test(line)) lines.push(line);
  }
  return lines;
}

const REFLEXIVE: Record<Pronouns["subject"], string> = {
  she: "herself",
  he: "himself",
  it: "itself",
  they: "themself",
};
const CONTRACTED: Record<string, string> = { "'s": "I'm", "'d": "I'd", "'ll": "I'll" };

/** The rest of a self line in the first person: her/his/its → my, him → me, "the letters she keeps" → "I keep". */
function swapPronouns(text: string, pronouns: Pronouns): string {
  const { subject, possessive } = pronouns;
  const words = text
    .replace(/\{\{char\}\}'s\b/g, "my")
    .replace(/\{\{user\}\}'s\b/g, "your")
    .replace(/\{\{user\}\}/g, "you")
    .split(" ");
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const [, bare = "", tail = ""] = /^(.*?)([,.;:!?']*)$/.exec(word) ?? [];
    const next = words[i + 1] ?? "";
    if (i === 0) out.push(word);
    else if (bare === REFLEXIVE[subject]) out.push(`myself${tail}`);
    else if (bare === possessive && bare !== "her") out.push(`my${tail}`);
    else if (bare === "her" && subject === "she")
      out.push(`${tail || PREPOSITION.test(next) || !next ? "me" : "my"}${tail}`);
    else if (bare === "him" && subject === "he") out.push(`me${tail}`);
    else if ((bare === subject && subject !== "it") || bare === "{{char}}") {
      // "she never lets" → "I never let"
      const verbAt = words.findIndex((w, j) => j > i && !isAdverb(w));
      const [, verbWord = "", verbTail = ""] = /^(.*?)([,.;:!?]*)$/.exec(verbAt > 0 ? words[verbAt]! : "") ?? [];
      const verb = firstPerson(verbWord);
      if (verb && !tail) words[verbAt] = `${verb}${verbTail}`;
      out.push(`I${tail}`);
    } else {
      const contracted = new RegExp(`^${subject}('s|'d|'ll)$`).exec(bare);
      out.push(contracted ? `${CONTRACTED[contracted[1]!]}${tail}` : word);
    }
  }
  return out.join(" ");
}

const PLACE_NOUNS = new Set(
  (
    "room house home cottage ship station bar tavern kitchen apartment office library park forest village town city " +
    "street alley shop café cafe studio tower castle manor garden greenhouse deck bridge cabin camp school academy " +
    "classroom hall lair temple shrine inn pub market bazaar cart pier harbour harbor beach wall dojo abbey van train " +
    "carriage plane rooftop terrace villa trail woods pass valley ward lab laboratory podium stage table corner booth " +
    "bookshop store colony freighter mech cockpit lighthouse point site carnival parlour parlor ballroom longhouse " +
    "watchtower speakeasy kingdom salon stream dungeon tea house desert island cave mine bunker"
  ).split(" "),
);
const TIME_WORDS = /^(morning|evening|night|afternoon|day|eve|dawn|dusk|midnight|noon|weekend|week|year|\d+)$/i;
const PLACE =
  /\b(at|in|inside|aboard|on|into|by) (?:(\{\{char\}\}'s|\{\{user\}\}'s|the|an?|his|her|their|its) )?([\p{L}'-]+(?: [\p{L}'-]+){0,3}?)(?=[,.;:!?]|$| (?:as|at|in|on|of|for|to|with|where|while|when|and|after|before|during|until|just|who|which|that)\b)/gu;

/** "aboard {{char}}'s freighter" → "aboard my freighter"; "at a candlelit corner table" → "at the candlelit corner table". */
function whereOf(scenario: string): string | null {
  for (const match of scenario.matchAll(PLACE)) {
    const [, preposition = "", determiner = "", words = ""] = match;
    const phrase = words.trim();
    const last = phrase.split(" ").at(-1) ?? "";
    if (TIME_WORDS.test(last) || /[{}]/.test(phrase) || phrase.length < 3) continue;
    // "dropped by {{char}}'s kitchen", never "sat by the fire"
    if (preposition === "by" && determiner !== "{{char}}'s") continue;
    const proper = /(^| )\p{Lu}/u.test(phrase);
    if (!proper && !PLACE_NOUNS.has(last.toLowerCase()) && determiner !== "{{char}}'s") continue;
    const place = preposition === "into" || preposition === "by" ? "in" : preposition;
    if (!determiner && !/^\p{Lu}/u.test(phrase)) continue;
    const said =
      determiner === "{{char}}'s"
        ? "my "
        : determiner === "{{user}}'s"
          ? "your "
          : /^(an?|the)$/.test(determiner)
            ? "the "
            : determiner
              ? null
              : "";
    if (said === null) continue;
    return `${place} ${said}${phrase}`;
  }
  return null;
}

const ADDRESS = /(?:^|[.!?;:,]\s+)([^.!?;:,]{2,44}), \{\{user\}\}([.!?,;])?/u;
const NOT_AN_ADDRESS =
  /^(if|when|before|but|and|so|because|although|the|a|an|you|will|would|can|could|do|did|are|is|have|how|what|who|why|where)\b/i;

/** The words the greeting puts before the user's name: "Strap in, {{user}}" → "Strap in". */
function addressOf(greeting: string): CharacterFragments["address"] {
  const hello = /^(hi|hello|hey|morning|good morning|good evening|welcome)[,!]? \{\{user\}\}/i.exec(greeting);
  if (hello?.[1]) return { words: capitalise(hello[1]), end: "." };
  const match = ADDRESS.exec(greeting);
  const words = match?.[1]?.replace(/^[.…\s]+/, "").trim();
  if (!words || NOT_AN_ADDRESS.test(words) || words.split(" ").length > 7 || /[{}"]/.test(words)) return null;
  return { words: capitalise(words), end: match?.[2] === "!" ? "!" : "." };
}

const MOOD_WORDS: Record<Mood, RegExp> = {
  dark: /\b(mysterious|dark|cold|brooding|sinister|grim|gloomy|secretive|haunted|vampire|shadowy|ghost|unsettling|menacing|dead)\b/gi,
  dry: /\b(sarcastic|sardonic|deadpan|dry|wry|gruff|cynical|curt|abrasive|laconic|unimpressed|grumpy|aloof|stern)\b/gi,
  bright:
    /\b(cheerful|bubbly|playful|energetic|enthusiastic|excitable|upbeat|sunny|excited|optimistic|silly|bright|booming|chatty)\b/gi,
  gentle: /\b(gentle|calm|serene|soft-spoken|soothing|patient|unhurried|mindful|quiet|softly|slowly)\b/gi,
  warm: /\b(warm|kind|kindly|loyal|affectionate|flirtatious|teasing|charming|sultry|generous|caring|friendly)\b/gi,
};

/** The mood whose words the persona and greeting use most; warm when none. */
function moodOf(text: string): Mood {
  let best: Mood = "warm";
  let most = 0;
  for (const [mood, words] of Object.entries(MOOD_WORDS) as [Mood, RegExp][]) {
    const count = text.match(words)?.length ?? 0;
    if (count > most) [best, most] = [mood, count];
  }
  return best;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
