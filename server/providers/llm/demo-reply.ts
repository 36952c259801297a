import { seededRandom } from "../../../lib/seeded-random";
import { capitalise, readCharacter, type CharacterFragments } from "./demo-character";
import { readMessage, type MessageKind } from "./demo-message";
import { ACTIONS, BODIES, CLOSERS, COMFORT, COMFORT_CLOSERS, OPENERS, REACTIONS } from "./demo-templates";
import type { DemoContext, LlmMessage } from "./types";

/**
 * The offline demo model's words: a small generative composer, no language model. A reply is a few sentences
 * drawn from templates (demo-templates.ts) filled with fragments of the character's own card (its role, persona
 * lines turned into its own voice, where the scene is, how its greeting hails the user: demo-character.ts) and the
 * topic of the user's last message (demo-message.ts), in a shape set by what the user wrote: a question, a
 * greeting, a goodbye, a hard time, an action in *asterisks*, a short yes or no, a statement. The user's words are
 * never quoted back.
 *
 * Picks come from a seeded generator (mulberry32) whose seed is a hash of the character and the whole
 * conversation, so a reply is the same for the same conversation (tests rely on that) and changes as the
 * conversation grows; sentences of the character's earlier replies are not used again while others are left.
 * The first reply, and some later ones, say that this is the demo model.
 */
const RECENT_REPLIES = 3;

export function writeDemoReply(
  context: DemoContext,
  options: { firstReply?: boolean; conversation?: LlmMessage[] } = {},
): string {
  const name = clean(context.characterName) || "Your companion";
  const user = clean(context.userName) || "friend";
  const conversation = options.conversation ?? [{ role: "user", content: context.userMessage }];
  const pick = picker(hash([name, ...conversation.map((m) => `${m.role}:${m.content}`)].join("\u0000")));
  const character = readCharacter(context);
  // Who the two sides are, so that "Hey captain" or "Mira, look" is not taken for a topic.
  const addressed = [name, user, character.role?.split(" ").at(-1) ?? ""];
  const message = readMessage(context.userMessage, addressed);
  const earlier = conversation.slice(0, -1);
  // The character's last few replies: their templates and persona lines wait until others have had a turn.
  const replies = earlier
    .filter((m) => m.role === "assistant")
    .slice(-RECENT_REPLIES)
    .map((m) => m.content);
  const selfLines = character.selfLines.filter((line) => !replies.some((reply) => reply.includes(line)));
  const selfLine = selfLines.length > 0 ? pick(selfLines) : null;
  const slots = fillers(
    { name, user, character, selfLine, topic: message.topic },
    previousTopic(earlier, message.topic, addressed),
    earlier.some((m) => m.role === "user"),
  );
  const choose = (templates: readonly string[]) => {
    const usable = templates.flatMap((template) => {
      const text = slots(template);
      return text === null ? [] : [{ text, fresh: !replies.some((reply) => matches(template, reply)) }];
    });
    const fresh = usable.filter((option) => option.fresh);
    return usable.length === 0 ? null : pick(fresh.length > 0 ? fresh : usable).text;
  };

  const narration = message.acted
    ? choose(REACTIONS[character.mood])
    : message.kind === "down"
      ? choose(COMFORT)
      : message.kind === "laugh" || pick([true, false])
        ? choose(ACTIONS[character.mood])
        : null;
  const openers = [...OPENERS[message.kind].any, ...OPENERS[message.kind][character.mood]];
  // The reply starts from what the user talked about, when that can be told.
  const onTopic = openers.filter((template) => /\{topic\}/i.test(template));
  const speech = [(message.topic ? choose(onTopic) : null) ?? choose(openers)];
  // A body line most of the time; a greeting or a bare action keeps it short. A goodbye asks nothing more, and
  // someone having a hard time is asked about it, not told about the character.
  if (message.kind === "down") speech.push(choose(COMFORT_CLOSERS));
  else if (message.kind !== "farewell") {
    if (!isBrief(message.kind) || pick([true, false]))
      speech.push(choose(BODIES[bodyKind(pick, character, message.topic)]));
    if (pick([true, true, false]) || speech.filter(Boolean).length < 2) speech.push(choose(CLOSERS[character.mood]));
  }

  const paragraphs = [narration, speech.filter(Boolean).join(" ")];
  if (options.firstReply || pick([true, false, false, false]))
    paragraphs.push(`(${name} is speaking through the offline demo model.)`);
  return paragraphs.filter(Boolean).join("\n\n");
}

function isBrief(kind: MessageKind): boolean {
  return kind === "greeting" || kind === "action" || kind === "laugh" || kind === "empty";
}

/** Which kind of body line: the character's own words first, then its scene, its role or the topic. */
function bodyKind(
  pick: <T>(options: readonly T[]) => T,
  character: CharacterFragments,
  topic: string | null,
): keyof typeof BODIES {
  const kinds: (keyof typeof BODIES)[] = ["mood"];
  if (character.selfLines.length > 0) kinds.push("self", "self", "self");
  if (character.where) kinds.push("where", "where");
  if (character.role) kinds.push("role");
  if (topic) kinds.push("topic", "earlier");
  return pick(kinds);
}

/** The topic of the user's latest earlier message that had one, when it differs from this one's. */
function previousTopic(earlier: LlmMessage[], topic: string | null, addressed: readonly string[]): string | null {
  for (let i = earlier.length - 1; i >= 0; i -= 1) {
    const m = earlier[i]!;
    if (m.role !== "user") continue;
    const before = readMessage(m.content, addressed).topic;
    if (before) return before === topic ? null : before;
  }
  return null;
}

/** Fills a template's {slots}; null when the template needs a fragment this character or message lacks. */
function fillers(
  parts: { name: string; user: string; character: CharacterFragments; selfLine: string | null; topic: string | null },
  earlierTopic: string | null,
  spokenBefore: boolean,
): (template: string) => string | null {
  const { name, user, character, selfLine, topic } = parts;
  const { pronouns, role, where, address } = character;
  const values: Record<string, string | null> = {
    name,
    user,
    their: pronouns.possessive,
    role,
    where,
    // "aboard my freighter" → "her freighter", for narration
    scene: where ? where.replace(/^\S+ /, "").replace(/^my\b/, pronouns.possessive) : null,
    hail: address ? `${address.words}, ${user}${address.end}` : null,
    self: selfLine,
    topic,
    Topic: topic ? capitalise(topic) : null,
    earlier: earlierTopic,
    later: spokenBefore ? "" : null,
  };
  return (template) => {
    let missing = false;
    const text = template.replace(/\{(\w+)\}/g, (_all, key: string) => {
      const value = values[key];
      if (value === null || value === undefined) missing = true;
      return value ?? "";
    });
    return missing ? null : text;
  };
}

/** Text from the card, safe inside the reply's markdown. */
function clean(text: string): string {
  return text.replace(/[*_`[\]]/g, "").trim();
}

/** The template was used in this earlier reply, whatever filled its slots. */
function matches(template: string, reply: string): boolean {
  const pattern = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".+?");
  return new RegExp(pattern).test(reply);
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Successive deterministic picks from one seed. */
function picker(seed: number): <T>(options: readonly T[]) => T {
  const next = seededRandom(seed);
  return <T>(options: readonly T[]): T => options[Math.floor(next() * options.length)] as T;
}
