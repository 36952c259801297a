import type { DemoContext } from "./types";

/**
 * The offline demo model's words: a short in-character reply (2-4 sentences) made from templates, the character
 * and the user's message. It reacts to a question, a greeting, an exclamation or a statement, echoes a phrase of
 * the message, leans on the persona's tone and the scenario's setting, and varies with a hash of the message
 * (the same message always gets the same reply). The first reply, and some later ones, say it is a demo.
 */
export function writeDemoReply(context: DemoContext, options: { firstReply?: boolean } = {}): string {
  const name = context.characterName.trim() || "Your companion";
  const user = context.userName.trim() || "friend";
  const message = context.userMessage.trim();
  const pick = picker(hash(`${name}\u0000${message}`));
  const phrase = keyPhrase(message, [name, user]);
  const fill = (template: string) =>
    template
      .replaceAll("{name}", name)
      .replaceAll("{user}", user)
      .replaceAll("{phrase}", phrase ?? "")
      .replaceAll("{Phrase}", capitalise(phrase ?? ""));

  const sentences = [fill(pick(reactions(kindOf(message), phrase !== null)))];
  const mood = moodOf(`${context.persona} ${context.greeting}`);
  const place = placeOf(context.scenario);
  sentences.push(
    place && pick([true, false]) ? `*${name} glances around ${place}, then back at you.*` : fill(pick(ACTIONS[mood])),
  );
  const followUp = fill(pick(FOLLOW_UPS[mood]));
  // Some reactions are two sentences already; the follow-up question goes first when the reply would pass four.
  if (pick([true, true, false]) && countSentences([...sentences, followUp]) <= 3) sentences.push(followUp);
  if (options.firstReply || pick([true, false, false]))
    sentences.push(`(${name} is speaking through the offline demo model.)`);
  return sentences.join(" ");
}

type MessageKind = "greeting" | "question" | "exclamation" | "statement" | "empty";
type Mood = "bright" | "dark" | "warm";

function kindOf(message: string): MessageKind {
  if (!message) return "empty";
  if (
    /^(hi|hello|hey|heya|hiya|yo|greetings|good (morning|afternoon|evening))\b[\s!.,]*\S{0,12}[\s!.]*$/i.test(message)
  )
    return "greeting";
  if (
    /\?\s*$/.test(message) ||
    /^(who|what|when|where|why|how|do|does|did|can|could|would|will|is|are|should)\b/i.test(message)
  )
    return "question";
  if (/!\s*$/.test(message)) return "exclamation";
  return "statement";
}

function reactions(kind: MessageKind, hasPhrase: boolean): string[] {
  switch (kind) {
    case "greeting":
      return [
        "Hello, {user}! I was hoping you would stop by.",
        "There you are, {user}. I saved you a seat.",
        "Hey, {user}! It's good to see you again.",
      ];
    case "question":
      return hasPhrase
        ? [
            '"{Phrase}"? Now that is a question worth a moment, {user}.',
            'Ah, "{phrase}"... I wondered when you would ask me that.',
            'You want to know about "{phrase}"? Let me think how to answer that honestly.',
          ]
        : [
            "That's a good question, {user}.",
            "Hmm, you ask the curious things, {user}.",
            "Let me think about that for a moment.",
          ];
    case "exclamation":
      return hasPhrase
        ? ['Whoa, "{phrase}"! You have my full attention now.', '"{Phrase}"! I did not see that coming, {user}.']
        : ["Whoa! You have my full attention now.", "Well! That woke me right up, {user}."];
    case "statement":
      return hasPhrase
        ? [
            '"{Phrase}", you say? I\'ll remember that, {user}.',
            'So it\'s "{phrase}", is it? I like where this is going.',
            'Hmm, "{phrase}". I didn\'t expect that from you, {user}.',
          ]
        : ["I hear you, {user}.", "Go on, {user}, I'm listening.", "I see. Tell me more."];
    case "empty":
      return ["You've gone quiet, {user}. That's all right, I can wait."];
  }
}

const ACTIONS: Record<Mood, string[]> = {
  warm: [
    "*{name} smiles and settles in a little closer.*",
    "*{name} tilts their head, listening closely.*",
    "*{name} laughs softly.*",
  ],
  bright: [
    "*{name} claps their hands, eyes sparkling.*",
    "*{name} grins and bounces on their heels.*",
    "*{name} beams at you.*",
  ],
  dark: [
    "*{name}'s gaze lingers on you a moment too long.*",
    "*{name} lowers their voice to a murmur.*",
    "*{name} turns the thought over slowly.*",
  ],
};

const FOLLOW_UPS: Record<Mood, string[]> = {
  warm: [
    "What made you think of that?",
    "Stay a while and tell me more, won't you?",
    "Where would you like to start, {user}?",
  ],
  bright: ["Come on, tell me everything!", "Oh, what should we do next?", "You have to tell me the rest, {user}!"],
  dark: [
    "Are you sure you want to know where this leads?",
    "Careful, {user}. Some doors stay open once you knock.",
    "Tell me what you are really looking for.",
  ],
};

const MOOD_WORDS: Record<Exclude<Mood, "warm">, RegExp> = {
  bright: /\b(cheerful|bubbly|playful|energetic|happy|sunny|excited|upbeat|optimistic|silly|bright)\b/i,
  dark: /\b(mysterious|dark|cold|brooding|sinister|grim|gloomy|secretive|cynical|haunted|vampire|shadows?)\b/i,
};

function moodOf(text: string): Mood {
  if (MOOD_WORDS.dark.test(text)) return "dark";
  if (MOOD_WORDS.bright.test(text)) return "bright";
  return "warm";
}

const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her him his how i if in into is it " +
    "its just me my no not of on or our she so than that the their them then there these they this to too up us was we " +
    "were what when where which who why will with would you your yours about also am any some very really much many more " +
    "tell know think want like get got let say said ask asking please maybe"
  ).split(" "),
);

const PLACE =
  /\b(?:at|in|inside|aboard|on)\s+(?:(an?|the)\s+|(your|our|their)\s+)?([\p{L}'-]+(?:\s+[\p{L}'-]+){0,3}?)(?=\s*[,.;:!?]|\s+(?:at|in|on|during|when|where|while|with|and|after|before|late|one|just|on)\b|\s*$)/iu;

/** Where the scenario happens, as "the rainy train station", "your apartment" or "Hogwarts", or null. */
export function placeOf(scenario: string): string | null {
  const match = PLACE.exec(scenario);
  if (!match?.[3]) return null;
  const words = match[3].trim();
  if (words.length < 3 || STOP_WORDS.has(words.toLowerCase())) return null;
  const determiner = match[1] ? "the " : match[2] ? `${match[2].toLowerCase()} ` : "";
  return `${determiner}${words}`;
}

/** The longest run (up to 3 words) of content words, lower-cased, or null when there is none. */
export function keyPhrase(text: string, ignore: string[] = []): string | null {
  const ignored = new Set(ignore.flatMap((n) => n.toLowerCase().split(/\s+/)));
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  let best: string[] = [];
  let run: string[] = [];
  for (const word of [...words, ""]) {
    const content =
      word.length > 2 && word.length <= 20 && !STOP_WORDS.has(word) && !ignored.has(word) && !/^\d+$/.test(word);
    if (content && run.length < 3) {
      run.push(word);
      continue;
    }
    if (run.join(" ").length > best.join(" ").length) best = run;
    run = content ? [word] : [];
  }
  return best.length > 0 ? best.join(" ") : null;
}

function countSentences(parts: string[]): number {
  return parts.join(" ").match(/[.!?]+(?=["'*)]*(\s|$))/g)?.length ?? 0;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Successive deterministic picks from one seed (mulberry32). */
function picker(seed: number): <T>(options: readonly T[]) => T {
  let state = seed;
  return <T>(options: readonly T[]): T => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return options[Math.floor(r * options.length)] as T;
  };
}
