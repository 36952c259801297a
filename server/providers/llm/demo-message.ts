/**
 * How the offline demo model reads the user's message: what kind of turn it is, and its topic as a short noun
 * phrase seen from the character's side ("my sister" → "your sister"). Never the message itself: the reply talks
 * about the topic, it does not quote the user.
 */

export type MessageKind =
  | "greeting"
  | "farewell"
  | "down"
  | "question"
  | "action"
  | "yes"
  | "no"
  | "laugh"
  | "short"
  | "exclamation"
  | "statement"
  | "empty";

export interface ReadMessage {
  kind: MessageKind;
  /** A noun phrase of at most four words, or null. */
  topic: string | null;
  /** The user wrote an action in *asterisks* (with or without words beside it). */
  acted: boolean;
}

const GREETING =
  /^(hi|hello|hey|heya|hiya|howdy|yo|greetings|good (morning|afternoon|evening)|morning|evening)\b[\s!.,]*(there|again|you|friend)?[\s!.,]*\S{0,14}[\s!.,]*$/i;
const FAREWELL =
  /^(bye|bye-bye|goodbye|good night|goodnight|night night|see you|see ya|farewell|gotta go|got to go|i have to go|i need to go|i should go|talk (to you )?later|ttyl)\b/i;
/** The user says they are having a hard time: "I had a terrible day at work", "I'm feeling sad today". */
const DOWN =
  /\b(sad|upset|depressed|lonely|miserable|unhappy|heartbroken|crying|cried|stressed|exhausted|hopeless|anxious|hurts|died|passed away|broke up|dumped|got fired|lost my job|(bad|terrible|awful|horrible|rough|worst) (day|week|night)|(hard|rough|tough) time|long day|feel(ing)? (so |really )?(bad|awful|terrible|low|down|alone|lost))\b/i;
/** About the user, not the character ("I'm sad", not "Are you sad?"). */
const FIRST_PERSON = /\b(i|i'm|im|i've|i'd|i'll|me|my|myself)\b/i;
const YES = /^(yes|yeah|yep|yup|sure|ok|okay|fine|alright|all right|of course|definitely|absolutely|deal)\b/i;
const NO = /^(no|nope|nah|not really|never)\b/i;
const LAUGH = /^(lol|lmao|haha\w*|hehe\w*|ha ha\w*|xd|rofl)\b/i;
const QUESTION_START =
  /^(who|what|when|where|why|how|which|do|does|did|can|could|would|will|is|are|was|were|should|have|has|tell me|describe|explain|show me)\b/i;
/** Kinds of message whose words can carry a topic ("ok" and "lol" do not). */
const TOPICAL = new Set<MessageKind>(["question", "exclamation", "statement"]);

/**
 * `addressed`: the names the two sides go by (the character's name, the last word of its role, the user's name).
 * Used bare ("Hey captain", "Mira, look"), they address someone and are not what the message is about.
 */
export function readMessage(message: string, addressed: readonly string[] = []): ReadMessage {
  const text = message.replace(/\s+/g, " ").trim();
  const acted = /\*[^*]+\*/.test(text);
  // What the user says, without what they do.
  const said = text
    .replace(/\*[^*]*\*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const words = said.split(" ").filter(Boolean).length;
  const kind = kindOf(said, words, acted);
  const topic = TOPICAL.has(kind) ? topicOf(said, addressed) : null;
  return { kind, topic, acted };
}

function kindOf(said: string, words: number, acted: boolean): MessageKind {
  if (!said) return acted ? "action" : "empty";
  if (GREETING.test(said)) return "greeting";
  if (words <= 8 && FAREWELL.test(said)) return "farewell";
  if (DOWN.test(said) && FIRST_PERSON.test(said)) return "down";
  if (/\?\s*$/.test(said) || QUESTION_START.test(said)) return "question";
  if (words <= 4 && LAUGH.test(said)) return "laugh";
  if (words <= 4 && NO.test(said)) return "no";
  if (words <= 4 && YES.test(said)) return "yes";
  if (/!\s*$/.test(said)) return "exclamation";
  if (words <= 2) return acted ? "action" : "short";
  return "statement";
}

const DETERMINERS = new Set("a an the my your our his her their this that these those some".split(" "));
const SWAP: Record<string, string> = { my: "your", your: "my", our: "your", mine: "yours", yours: "mine" };
/** Words that end a noun phrase: everything that is not a noun or an adjective, as far as a word list can tell. */
const FUNCTION_WORDS = new Set(
  (
    "a an and are as at be been being but by can could did do does for from had has have he her hers him his how i " +
    "if in into is it its just me my no not of on or our ours she so than that the their theirs them then there these " +
    "they this those to too up us was we were what when where which who whom whose why will with would you your yours " +
    "about also am any some very really much many more most tell know think want like likes liked get got let say said " +
    "ask asking please maybe today tonight tomorrow yesterday now again here still ever never always because while " +
    "after before over under out off down all both each every few other such only own same just okay ok yes yeah hi " +
    "hello hey oh ah um uh well anyway actually something anything everything nothing someone anyone everyone i'm " +
    "i've i'd i'll you're you've it's that's what's don't doesn't didn't can't won't isn't aren't wasn't let's " +
    "morning evening night week weekend year"
  ).split(" "),
);
const MAX_TOPIC_WORDS = 4;
/**
 * After these a word is a verb ("we headed", "I love jazz", "can fly") or an adjective ("how old"), not the start
 * of a noun phrase.
 */
const BEFORE_VERB = new Set(
  (
    "how i you we they he she it i'm you're we're they're he's she's i'll you'll we'll they'll i'd you'd we'd they'd " +
    "i've you've we've they've can could will would should must might may do does did don't doesn't didn't can't " +
    "won't wouldn't couldn't shouldn't let's"
  ).split(" "),
);
/** Words that describe, alone no topic: "I'm feeling sad today", "I am happy". */
const STATES = new Set(
  (
    "sad happy tired bored lonely angry upset fine good bad great okay scared afraid nervous anxious excited sorry " +
    "sure ready hungry thirsty sleepy sick ill busy free late early old young cold hot warm cool funny weird strange " +
    "cute pretty beautiful nice kind mean lost stuck alone glad proud jealous awesome amazing terrible awful"
  ).split(" "),
);
/** Before one of these a word is a verb with its object: "What brings you here?", "the storm kept us inside". */
const OBJECT_PRONOUNS = new Set("you me him them us".split(" "));
/** "want to visit Paris": after one of these and "to", a verb. */
const WANTING = new Set(
  (
    "want wants wanted need needs needed like likes liked love loves loved " +
    "going try trying tried used have has had"
  ).split(" "),
);
/** A greeting and who it greets, ended by punctuation: "Hello captain!", "Hey Mira,", "Good morning, friend." */
const GREETING_LEAD =
  /^(?:hi|hello|hey|heya|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening))\b(?:,?\s+[\p{L}'’-]+){0,2}\s*[,!.]+\s*/iu;
/** A trailing form of address: "How are you, friend?" */
const VOCATIVE_TAIL =
  /,\s*(?:my\s+)?(?:friend|buddy|pal|mate|dear|darling|sweetie|honey|babe|dude|bro|sir|madam|ma'am|miss)\s*[?!.]*$/iu;

/**
 * The message's topic: the first noun phrase with its determiner ("the old lighthouse", "a tiny grey kitten"),
 * else the last run of content words ("jazz"). A verb in the past tense after the first word ends the phrase ("the
 * weather turned cold" → "the weather"). Not a greeting's or a name's words used to address someone, nor a verb
 * after its subject ("Where are we headed?" has no topic) or before its object ("What brings you here?").
 */
export function topicOf(text: string, addressed: readonly string[] = []): string | null {
  const names = new Set(addressed.flatMap((name) => name.toLowerCase().split(/[^\p{L}\p{N}'’-]+/u)).filter(Boolean));
  const tokens =
    text
      .replace(GREETING_LEAD, "")
      .replace(VOCATIVE_TAIL, "")
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const words = tokens.map((w) => w.replace(/’/g, "'"));
  const lower = words.map((w) => w.toLowerCase());
  const phrases: { words: string[]; determined: boolean }[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const determined = DETERMINERS.has(lower[i]!) && i + 1 < words.length;
    if (!determined && !startsNounPhrase(words, lower, i, names)) continue;
    const start = determined ? i + 1 : i;
    const run: string[] = [];
    for (let j = start; j < words.length && run.length < MAX_TOPIC_WORDS - 1; j += 1) {
      const word = lower[j]!;
      if (FUNCTION_WORDS.has(word) || /^\d+$/.test(word) || word.length > 24) break;
      if (run.length > 0 && (isParticiple(word) || /ly$/.test(word) || OBJECT_PRONOUNS.has(lower[j + 1] ?? ""))) break;
      // Names keep their capitals; a capital that only starts the message does not.
      run.push(j > 0 && /^\p{Lu}/u.test(words[j]!) ? words[j]! : word);
    }
    if (run.length === 0 || (!determined && run.length === 1 && STATES.has(run[0]!))) continue;
    const content = run.filter((w) => w.length > 2);
    if (content.length === 0) continue;
    phrases.push({ words: determined ? [SWAP[lower[i]!] ?? lower[i]!, ...run] : run, determined });
    i = start + run.length - 1;
  }
  const chosen = phrases.find((p) => p.determined) ?? phrases.at(-1);
  return chosen ? chosen.words.join(" ") : null;
}

/** Whether an undetermined noun phrase can start at word i. */
function startsNounPhrase(words: string[], lower: string[], i: number, names: ReadonlySet<string>): boolean {
  const word = lower[i]!;
  if (names.has(word)) return false;
  // A name in the middle of a sentence ("to Paris") is a noun whatever comes before it.
  if (i > 0 && /^\p{Lu}/u.test(words[i]!)) return true;
  if (i > 0 && BEFORE_VERB.has(lower[i - 1]!)) return false;
  if (OBJECT_PRONOUNS.has(lower[i + 1] ?? "")) return false;
  // "want to visit", "going to see"; but "went to school".
  if (i > 1 && lower[i - 1] === "to" && WANTING.has(lower[i - 2]!)) return false;
  return !isParticiple(word);
}

/** "headed", "happened"; not "bed" or "speed". */
function isParticiple(word: string): boolean {
  return word.length >= 5 && /[^e]ed$/.test(word);
}
