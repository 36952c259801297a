import type { Mood } from "./demo-character";
import type { MessageKind } from "./demo-message";

/**
 * Sentence templates of the offline demo model (demo-reply.ts). Slots: {name} the character, {user} the user,
 * {their} the character's possessive pronoun, {role} "a freighter captain", {where} "aboard my freighter", {scene}
 * "her freighter", {hail} the greeting's way of hailing the user ("Strap in, Sam."), {self} a persona line in the
 * character's voice, {topic}/{Topic} the noun phrase the user's message is about, {earlier} the topic of an earlier
 * message. {later} is empty once the user has written before in this chat and has no value before that: it marks
 * a template that presumes earlier talk ("Hello again", "What else…?"), so a first message never gets one. A
 * template whose slot has no value for a character or message is skipped.
 */
type ByMood = Record<Mood, readonly string[]>;

export const OPENERS: Record<MessageKind, { any: readonly string[] } & ByMood> = {
  greeting: {
    any: ["{hail}", "{hail}", "Hello again, {user}.{later}", "Well, look who it is."],
    warm: ["Hey, {user}. Come, sit with me.", "{user}! There you are."],
    bright: ["Hi, {user}! You made my day just by showing up.", "{user}! Hi, hi!"],
    dark: ["Ah, {user}. I wondered when you would come back.{later}", "Good evening, {user}. Or whatever hour it is."],
    dry: ["Oh. Hello, {user}. You again.{later}", "Hello, {user}. Try not to break anything."],
    gentle: ["Hello, {user}. I'm glad you're here.", "Hi, {user}. Take a breath; there's no hurry."],
  },
  farewell: {
    any: ["Leaving already? Come back soon, {user}.", "Until next time, {user}.", "Safe travels, {user}."],
    warm: ["Come back soon, {user}. I'll be right here."],
    bright: ["Bye, {user}! Come back soon, okay?"],
    dark: ["Go, then. You'll be back; they always are."],
    dry: ["Finally, some peace and quiet. Kidding. Mostly."],
    gentle: ["Take care of yourself, {user}."],
  },
  down: {
    any: ["I'm sorry, {user}. That sounds hard.", "Oh, {user}. Come here."],
    warm: ["That sounds rough, {user}. I'm right here."],
    bright: ["Oh no, {user}! Come here, you."],
    dark: ["Then sit with me a while. The dark is kinder than it looks."],
    dry: ["Well. That's rotten luck, {user}, and you didn't deserve it."],
    gentle: ["That sounds heavy, {user}. Take all the time you need."],
  },
  question: {
    any: [
      "{Topic}? Now there's a question.",
      "You want to know about {topic}? Then pull up a chair.",
      "{Topic}... that's a longer story than you'd think, {user}.",
      "Ask {role} about {topic} and you'll get an honest answer, eventually.",
      "Funny you should ask about {topic}.",
      "That's a fair question, {user}.",
      "Hmm. Let me think about how to answer that honestly.",
    ],
    warm: ["Oh, {topic}? I could talk about that all night.", "Now that's a question I like."],
    bright: ["Ooh, {topic}! I love that you asked.", "Ooh, good question!"],
    dark: ["{Topic}. Few people ask me that, and fewer like the answer.", "You ask a great deal, {user}."],
    dry: ["{Topic}. Of course that's what you want to know.", "Questions, questions."],
    gentle: ["{Topic}. Let's take that one slowly, {user}.", "Let me sit with that for a moment."],
  },
  statement: {
    any: [
      "{Topic}. I'll remember that, {user}.",
      "You and {topic}; I wouldn't have guessed.",
      "I'm still thinking about {topic}.",
      "Funny, {role} hears plenty, but rarely about {topic}.",
      "I hear you, {user}.",
      "Go on, I'm listening.",
    ],
    warm: ["Oh, {topic}. That made me smile.", "Tell me more; I like hearing you talk."],
    bright: ["Wait, {topic}? Now I need to hear everything!", "Oh, I love this already."],
    dark: ["{Topic}... interesting. Go on.", "Hm. I'll keep that in mind."],
    dry: ["{Topic}. Fascinating. Truly.", "Noted."],
    gentle: ["Thank you for telling me about {topic}.", "I'm glad you shared that with me."],
  },
  exclamation: {
    any: [
      "{Topic}! Well, now you have my attention.",
      "All that about {topic}? I love it.",
      "Whoa! You have my full attention now.",
      "Well! That woke me right up, {user}.",
    ],
    warm: ["Ha! That's the spirit, {user}."],
    bright: ["Yes! That's the energy I like!"],
    dark: ["Such passion over {topic}. Careful, {user}.", "Such fire. Careful where you point it."],
    dry: ["{Topic}. Wow. Contain yourself.", "Please, try to contain your excitement."],
    gentle: ["That sounds like it matters to you a lot."],
  },
  yes: {
    any: ["Good. I hoped you'd say that.", "Then it's settled.", "That's what I like to hear, {user}."],
    warm: ["Wonderful. I knew I could count on you."],
    bright: ["Yes! Oh, this is going to be fun."],
    dark: ["Then we understand each other."],
    dry: ["Great. Thrilling."],
    gentle: ["All right. We'll go at your pace."],
  },
  no: {
    any: ["No? Hm. Your loss, {user}.", "Fair enough, I won't push.", "Not even a little? All right."],
    warm: ["That's all right. The offer stands."],
    bright: ["Aw. Well, maybe later!"],
    dark: ["No... not yet, anyway."],
    dry: ["Shocking. Truly."],
    gentle: ["That's perfectly fine, {user}."],
  },
  laugh: {
    any: ["I'm glad something amuses you, {user}.", "That's a good laugh. Keep it coming."],
    warm: ["You have a lovely laugh, you know."],
    bright: ["Ha! See, I knew you'd like that one."],
    dark: ["Laugh while you can."],
    dry: ["Yes, yes, I'm hilarious."],
    gentle: ["It's good to hear you laugh."],
  },
  short: {
    any: ["Not much of a talker right now, are you, {user}?", "Short and sweet. I can work with that.", "Fair enough."],
    warm: ["Mm-hm. I'm still here."],
    bright: ["Ha, okay! Tell me more than that, though."],
    dark: ["So few words. Interesting."],
    dry: ["Riveting."],
    gentle: ["That's all right. Say as much or as little as you like."],
  },
  action: {
    any: ["Well, don't let me stop you.", "Make yourself at home, {user}."],
    warm: ["I like having you close, {user}."],
    bright: ["Ha! I love it."],
    dark: ["Bold of you."],
    dry: ["Noted. Logged. Filed."],
    gentle: ["Take all the time you need."],
  },
  empty: {
    any: ["You've gone quiet, {user}. That's all right, I can wait."],
    warm: [],
    bright: [],
    dark: [],
    dry: [],
    gentle: [],
  },
};

export const BODIES = {
  self: ["For what it's worth, {self}.", "Fair warning, {user}: {self}.", "You should know this about me: {self}."],
  where: [
    "Things are rarely this quiet {where}.",
    "You'd be surprised what turns up {where}.",
    "Nobody's in a hurry {where}, so take your time.",
    "Stay a while; it's better {where} with company.",
  ],
  role: [
    "That's the thing about being {role}: you hear everything twice.",
    "Trust me, I've been {role} long enough to know.",
    "Spoken like someone who has never shared a room with {role}.",
  ],
  topic: [
    "I'd like to hear what {topic} means to you.",
    "There's more to {topic} than most people notice.",
    "I have a feeling {topic} is only half the story.",
  ],
  earlier: [
    "First {earlier}, now {topic}; you keep things interesting, {user}.",
    "That's quite a leap from {earlier}, {user}.",
  ],
  mood: ["I don't say that to just anyone.", "It's been a long day, but this is the good part of it."],
} as const;

export const CLOSERS: ByMood = {
  warm: [
    "What made you think of {topic}?",
    "Stay a while and tell me more, won't you?",
    "Where would you like to start, {user}?",
    "So, what happens next?",
  ],
  bright: [
    "Come on, tell me everything!",
    "Oh, what should we do next?",
    "You have to tell me the rest, {user}!",
    "What's the best part of {topic}?",
  ],
  dark: [
    "Are you sure you want to know where this leads?",
    "Careful, {user}. Some doors stay open once you knock.",
    "Tell me what you are really looking for.",
    "What is it you want from me, {user}?",
  ],
  dry: [
    "Anything else, or can I get back to work?{later}",
    "Go on, then. Impress me.",
    "Why {topic}, of all things?",
    "Is there a point coming, {user}?",
    "What else have you got?{later}",
  ],
  gentle: [
    "How does that sit with you?",
    "What would feel good to talk about next?",
    "What else is on your mind?{later}",
  ],
};

/** Narration before the words, in *asterisks*, when the user did not act. */
export const ACTIONS: ByMood = {
  warm: [
    "*{name} smiles and settles in a little closer.*",
    "*{name} tilts {their} head, listening closely.*",
    "*{name} laughs softly.*",
    "*{name} glances around {scene}, then back at you.*",
  ],
  bright: [
    "*{name} claps, eyes sparkling.*",
    "*{name} grins and bounces on {their} heels.*",
    "*{name} beams at you.*",
    "*{name} spins around {scene} and lands facing you.*",
  ],
  dark: [
    "*{name}'s gaze lingers on you a moment too long.*",
    "*{name} lowers {their} voice to a murmur.*",
    "*{name} turns the thought over slowly.*",
    "*The shadows of {scene} seem to lean in as {name} studies you.*",
  ],
  dry: [
    "*{name} lets out a long, theatrical sigh.*",
    "*{name} raises an eyebrow.*",
    "*{name} gives you a long, flat look.*",
    "*{name} glances around {scene} as if hoping for an interruption.*",
  ],
  gentle: [
    "*{name} nods slowly, giving you {their} full attention.*",
    "*{name} waits a moment before answering.*",
    "*{name} smiles, unhurried.*",
    "*{name} looks around {scene}, then back to you.*",
  ],
};

/** Narration when the user is having a hard time (kind "down"), whatever the character's mood. */
export const COMFORT = [
  "*{name}'s expression softens.*",
  "*{name} sets everything else aside and turns to you.*",
  "*{name} moves a little closer and waits.*",
] as const;

/** What a character asks someone who is having a hard time. */
export const COMFORT_CLOSERS = [
  "Do you want to talk about it?",
  "What would help right now?",
  "Do you want to tell me about it, or shall I talk for a while?",
] as const;

/** Narration that answers an action the user wrote in *asterisks*. */
export const REACTIONS: ByMood = {
  warm: ["*{name} watches you with a fond smile.*", "*{name} shifts to make a little room for you.*"],
  bright: ["*{name} gasps, delighted.*", "*{name} bounces in place, grinning at you.*"],
  dark: ["*{name} goes very still, watching you.*", "*{name}'s eyes narrow, though {their} smile stays.*"],
  dry: ["*{name} watches you, unimpressed.*", "*{name} raises an eyebrow, clearly amused.*"],
  gentle: ["*{name} watches you closely, then nods.*", "*{name} leans in, attentive.*"],
};
