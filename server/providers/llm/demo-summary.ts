import type { DemoSummaryContext, LlmMessage } from "./types";

/**
 * The offline demo model's summaries: extractive, no language model. Each new turn gives its key sentence (the one
 * with the most names, numbers and first-person facts; the first one on a tie), without *actions*, markdown or the
 * demo's own "(… offline demo model.)" note, under its speaker's name. A reply with nothing of the kind in it is
 * left out (unless no turn gives a line: then the last one does); a user's message always gives a line. The lines are added to the previous summary, whose oldest lines
 * go when the whole would exceed maxChars. The same turns always give the same text.
 */
const LINE_MAX_CHARS = 160;
const FIRST_PERSON_FACT =
  /\b(?:my|mine|i'm|i am|i live|i work|i have|i like|i love|i hate|i want|i need|call me|name is|we)\b/i;

export function writeDemoSummary(context: DemoSummaryContext): string {
  const char = plain(context.characterName) || "Character";
  const user = plain(context.userName) || "User";
  const lines = context.previousSummary
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const speaker = (turn: LlmMessage) => (turn.role === "user" ? user : char);
  let added = 0;
  for (const turn of context.turns) {
    const sentence = keySentence(turn, false);
    if (sentence) lines.push(`${speaker(turn)}: ${sentence}`);
    if (sentence) added += 1;
  }
  // Replies without a fact in them only: the last one still says where the chat stands.
  const last = context.turns.at(-1);
  const fallback = added === 0 && last ? keySentence(last, true) : null;
  if (fallback && last) lines.push(`${speaker(last)}: ${fallback}`);
  return fitLines(lines, context.maxChars);
}

function keySentence(turn: LlmMessage, always: boolean): string | null {
  const text = plain(turn.content.replace(/\([^()]*offline demo model[^()]*\)/gi, " ").replace(/\*[^*\n]*\*/g, " "));
  const sentences = text
    .split(/(?<=[.!?…])\s+/)
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s));
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of sentences) {
    const score = scoreOf(sentence);
    if (!best || score > best.score) best = { sentence, score };
  }
  if (!best || (turn.role === "assistant" && best.score === 0 && !always)) return null;
  return shorten(best.sentence, LINE_MAX_CHARS);
}

/** Names (capitalised words after the first), numbers, and the user or character telling something about themself. */
function scoreOf(sentence: string): number {
  const words = sentence.split(/\s+/).slice(1);
  const names = words.filter((w) => /^\p{Lu}\p{Ll}+/u.test(w) && !/^I(?:'|$)/.test(w)).length;
  const numbers = (sentence.match(/\d+/g) ?? []).length;
  return 2 * names + 2 * numbers + (FIRST_PERSON_FACT.test(sentence) ? 3 : 0);
}

/** Markdown emphasis, code marks, links' brackets and runs of white space removed. */
function plain(text: string): string {
  return text
    .replace(/[*_`#>[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The newest lines that fit in maxChars (joined by line breaks); a single line too long is cut. */
function fitLines(lines: string[], maxChars: number): string {
  const kept: string[] = [];
  let length = 0;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i]!;
    const next = length + line.length + (kept.length > 0 ? 1 : 0);
    if (next > maxChars) {
      if (kept.length === 0) kept.push(shorten(line, maxChars));
      break;
    }
    kept.unshift(line);
    length = next;
  }
  return kept.join("\n");
}
