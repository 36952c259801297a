/** The synthetic chat text and lorebook of bench/prompt-assembly.ts and bench/chat-relay.ts --lore. */
import type { LlmMessage } from "../../server/providers/llm/types";

const WORDS = (
  "the ship drifted past the old harbour while rain fell on the deck and the captain laughed about maps " +
  "lanterns rope tea bread smoke silver river tower forest bridge market song letter window garden stone"
).split(" ");

/** A deterministic pseudo-random sequence, so every run measures the same chat. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function sentence(next: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(" ");
}

export function chat(turns: number, next: () => number): LlmMessage[] {
  return Array.from({ length: turns }, (_, i) => ({
    role: i % 2 === 0 ? "user" : "assistant",
    // Users write a line or two, replies a short paragraph, {{user}} now and then.
    content:
      i % 2 === 0
        ? `${sentence(next, 12 + Math.floor(next() * 20))} {{user}}?`
        : sentence(next, 40 + Math.floor(next() * 80)),
  }));
}

/** A stored book as the database gives it back: card-format JSON, 200 entries of 2-4 keys and ~60 words. */
export function storedBook(entries: number, next: () => number): unknown {
  return {
    name: "Bench lore",
    scan_depth: 6,
    token_budget: 1_500,
    recursive_scanning: true,
    entries: Array.from({ length: entries }, (_, i) => ({
      keys: Array.from({ length: 2 + (i % 3) }, (_, k) => `${WORDS[(i + k * 7) % WORDS.length]}${i}`).concat(
        i % 25 === 0 ? [WORDS[i % WORDS.length]!] : [],
      ),
      secondary_keys: i % 5 === 0 ? ["captain", "Harbour"] : [],
      selective: i % 5 === 0,
      constant: i % 50 === 0,
      case_sensitive: i % 7 === 0,
      enabled: i % 11 !== 0,
      insertion_order: (i * 37) % 200,
      priority: i % 4,
      position: i % 3 === 0 ? "before_char" : "after_char",
      content: `{{char}} remembers: ${sentence(next, 40 + Math.floor(next() * 40))}.`,
      extensions: {},
    })),
  };
}

/** A chat's memory at its fullest: a summary of ~2,000 characters and five pinned facts. */
export function benchMemory(next: () => number): { summary: string; facts: string[] } {
  const lines: string[] = [];
  while (lines.join("\n").length < 1_900) lines.push(`- ${sentence(next, 14)}.`);
  return {
    summary: lines.join("\n"),
    facts: Array.from({ length: 5 }, () => sentence(next, 8)),
  };
}
