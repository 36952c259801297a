import { MEMORY_SUMMARY_MAX_CHARS } from "../../../../lib/contracts/chat-memory-client";
import type { LlmMessage } from "../../../providers/llm/types";
import { storableText } from "../../../db/storable-text";
import { estimateTokens } from "../token-estimate";

/** About 6 characters per English word, space included: the word limit asked of the model. */
export const SUMMARY_MAX_WORDS = Math.floor(MEMORY_SUMMARY_MAX_CHARS / 6);
/** Room for the summary the model writes (the text is cut to MEMORY_SUMMARY_MAX_CHARS whatever it sends). */
export const SUMMARY_MAX_OUTPUT_TOKENS = Math.ceil(MEMORY_SUMMARY_MAX_CHARS / 3);

export interface SummaryInput {
  characterName: string;
  userName: string;
  previousSummary: string;
  turns: LlmMessage[];
}

/** The instructions and the one message asking a real model to fold the new turns into the memory. */
export function summaryPrompt(input: SummaryInput): { system: string; messages: LlmMessage[] } {
  const { characterName: char, userName: user } = input;
  const system =
    `You keep the long-term memory of a roleplay chat between ${user} and ${char}. Fold the new turns into the ` +
    `memory: keep names, what ${user} and ${char} told about themselves, relationships, places, objects, promises ` +
    `and the events that matter, as plain sentences in the past tense. Drop greetings and small talk. Keep what ` +
    `the memory already holds unless the new turns change it. Write at most ${SUMMARY_MAX_WORDS} words: only the ` +
    `memory itself, no title, no preamble, no comment.`;
  const transcript = input.turns.map((t) => `${t.role === "user" ? user : char}: ${t.content.trim()}`).join("\n\n");
  const content =
    `Memory so far:\n${input.previousSummary.trim() || "(nothing yet)"}\n\n` +
    `New turns:\n${transcript}\n\nWrite the updated memory.`;
  return { system, messages: [{ role: "user", content }] };
}

/** The turns (oldest first) that fit in `tokens`, at least one: a first turn too long is cut to fit. */
export function turnsWithin<T extends LlmMessage>(turns: readonly T[], tokens: number): T[] {
  const out: T[] = [];
  let left = tokens;
  for (const turn of turns) {
    const cost = estimateTokens(turn.content) + 4;
    if (cost > left) {
      if (out.length === 0) out.push({ ...turn, content: turn.content.slice(0, Math.max(0, left) * 2) });
      break;
    }
    out.push(turn);
    left -= cost;
  }
  return out;
}

/**
 * A model's answer as a stored summary: NUL replaced (server/db/storable-text.ts), trimmed, blank lines squeezed, and cut at a
 * sentence (else a word) to MEMORY_SUMMARY_MAX_CHARS. Null when nothing is left.
 */
export function boundSummary(text: string): string | null {
  const squeezed = storableText(text)
    .replace(/\r\n?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (!squeezed) return null;
  if (squeezed.length <= MEMORY_SUMMARY_MAX_CHARS) return squeezed;
  const head = squeezed.slice(0, MEMORY_SUMMARY_MAX_CHARS);
  const sentenceEnd = Math.max(
    head.lastIndexOf(". "),
    head.lastIndexOf(".\n"),
    head.lastIndexOf("! "),
    head.lastIndexOf("? "),
  );
  if (sentenceEnd > MEMORY_SUMMARY_MAX_CHARS / 2) return head.slice(0, sentenceEnd + 1).trim();
  const space = head.lastIndexOf(" ");
  return (space > MEMORY_SUMMARY_MAX_CHARS / 2 ? head.slice(0, space) : head).trim();
}
