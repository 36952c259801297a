/**
 * How the offline demo model reads the user's message: what kind of turn it is, and its topic as a short noun
 * phrase seen from the character's side ("my sister" → "your sister"). Never the message itself: the reply talks
 * about the topic, it does not quote the user.
 */

export type MessageKind =
  "greeting" | "question" | "action" | "yes" | "no" | "laugh" | "short" | "exclamation" | "statement" | "empty";

export interface ReadMessage {
  kind: MessageKind;
  /** A noun phrase of at most four words, or null. */
  topic: string | null;
  /** The user wrote an action in *asterisks* (with or without words beside it). */
  acted: boolean;
}

const GREETING =
  /^(hi|hello|hey|heya|hiya|howdy|yo|greetings|good (morning|afternoon|evening)|morning|evening)\b[\s!.,]*(there|again|you|friend)?[\s!.,]*\S{0,14}[\s!.,]*$/i;
const YES = /^(yes|yeah|yep|yup|sure|ok|okay|fine|alright|all right|of course|definitely|absolutely|deal)\b/i;
const NO = /^(no|nope|nah|not really|never)\b/i;
const LAUGH = /^(lol|lmao|haha\w*|hehe\w*|ha ha\w*|xd|rofl)\b/i;
const QUESTION_START =
  /^(who|what|when|where|why|how|which|do|does|did|can|could|would|will|is|are|was|were|should|have|has|tell me|describe|explain|show me)\b/i;
/** Kinds of message whose words can carry a topic ("ok" and "lol" do not). */
const TOPICAL = new Set<MessageKind>(["question", "exclamation", "statement"]);

export function readMessage(message: string): ReadMessage {
  const text = message.replace(/\s+/g, " ").trim();
  const acted = /\*[^*]+\*/.test(text);
  // What the user says, without what they do.
  const said = text
    .replace(/\*[^*]*\*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const words = said.split(" ").filter(Boolean).length;
  const kind = kindOf(said, words, acted);
  const topic = TOPICAL.has(kind) ? topicOf(said) : null;
  return { kind, topic, acted };
}

function kindOf(said: string, words: number, acted: boolean): MessageKind {
  if (!said) return acted ? "action" : "empty";
  if (GREETING.test(said)) return "greeting";
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
 * The message's topic: the first noun phrase with its determiner ("the old lighthouse", "a tiny grey kitten"),
 * else the last run of content words ("jazz"). A verb in the past tense after the first word ends the phrase ("the
 * weather turned cold" → "the weather").
 */
export function topicOf(text: string): string | null {
  const tokens = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const words = tokens.map((w) => w.replace(/’/g, "'"));
  const lower = words.map((w) => w.toLowerCase());
  const phrases: { words: string[]; determined: boolean }[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const determined = DETERMINERS.has(lower[i]!) && i + 1 < words.length;
    const start = determined ? i + 1 : i;
    const run: string[] = [];
    for (let j = start; j < words.length && run.length < MAX_TOPIC_WORDS - 1; j += 1) {
      const word = lower[j]!;
      if (FUNCTION_WORDS.has(word) || /^\d+$/.test(word) || word.length > 24) break;
      if (run.length > 0 && /(ed|ly)$/.test(word)) break;
      // Names keep their capitals; a capital that only starts the message does not.
      run.push(j > 0 && /^\p{Lu}/u.test(words[j]!) ? words[j]! : word);
    }
    if (run.length === 0) continue;
    const content = run.filter((w) => w.length > 2);
    if (content.length === 0) continue;
    phrases.push({ words: determined ? [SWAP[lower[i]!] ?? lower[i]!, ...run] : run, determined });
    i = start + run.length - 1;
  }
  const chosen = phrases.find((p) => p.determined) ?? phrases.at(-1);
  return chosen ? chosen.words.join(" ") : null;
}
