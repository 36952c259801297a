/**
 * `npm run bench:prompt`: how long assembling one reply's prompt takes (server/modules/chat/prompt.ts) for a chat of
 * 2,000 turns with a 200-entry lorebook, against the same assembly without the lorebook (the baseline), in this
 * process. "With lorebook" is the whole lorebook path of a reply: reading the stored book (normalizeLorebook, as
 * readReplyContext does), compiling it (compileLorebook) and buildPrompt with it. Runs alternate between the two
 * so both meet the same machine. Goal: at most 5 ms per assembly (issue 17 item 10).
 *
 *   npm run bench:prompt -- [--runs N (400)] [--turns N (2000)] [--entries N (200)]
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { normalizeLorebook } from "../lib/cards/card-lorebook";
import { compileLorebook } from "../server/modules/chat/lorebook-selection";
import { buildPrompt, type PromptInput } from "../server/modules/chat/prompt";
import type { LlmMessage } from "../server/providers/llm/types";
import { eachFlag, intFlag, out, percentile, printTable, runBench } from "./lib/harness";

const GOAL_MS = 5;
const WORDS = (
  "the ship drifted past the old harbour while rain fell on the deck and the captain laughed about maps " +
  "lanterns rope tea bread smoke silver river tower forest bridge market song letter window garden stone"
).split(" ");

/** A deterministic pseudo-random sequence, so every run measures the same chat. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function sentence(next: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(" ");
}

function chat(turns: number, next: () => number): LlmMessage[] {
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
function storedBook(entries: number, next: () => number): unknown {
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

interface Options {
  runs: number;
  turns: number;
  entries: number;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { runs: 400, turns: 2_000, entries: 200 };
  eachFlag(argv, (flag, arg, value) => {
    if (flag === "--runs") opts.runs = intFlag(flag, value(), 10);
    else if (flag === "--turns") opts.turns = intFlag(flag, value(), 1);
    else if (flag === "--entries") opts.entries = intFlag(flag, value(), 1);
    else throw new Error(`unknown option ${arg}`);
  });
  return opts;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const next = random(17);
  const history = chat(opts.turns, next);
  const stored = storedBook(opts.entries, next);
  out(`Prompt assembly bench — ${new Date().toISOString()}`);
  out(
    `${opts.turns} turns, ${opts.entries}-entry lorebook (scan depth 6, budget 1,500 tokens, recursive), ` +
      `${opts.runs} runs each; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );

  const rows: string[][] = [];
  for (const contextTokens of [8_192, 32_768, 131_072]) {
    const base = (message: string): PromptInput => ({
      character: {
        name: "Captain Mira",
        persona: sentence(next, 200),
        scenario: sentence(next, 60),
        exampleDialogue: `{{user}}: hello\n{{char}}: ${sentence(next, 30)}`,
        greeting: "Welcome aboard, {{user}}.",
      },
      userName: "Sam",
      userPersona: "{{user}} is a navigator from the southern isles.",
      history,
      userMessage: message,
      contextTokens,
      maxReplyTokens: 512,
      includeGreeting: false,
    });
    const messages = Array.from({ length: 50 }, (_, i) => `${sentence(next, 15)} tower${i % 200} captain harbour`);
    const without: number[] = [];
    const withLore: number[] = [];
    let activeChars = 0;
    const once = (i: number, lore: boolean) => {
      const input = base(messages[i % messages.length]!);
      const start = performance.now();
      const book = lore ? normalizeLorebook(stored).lorebook : null;
      const prompt = buildPrompt({ ...input, lorebook: book ? compileLorebook(book) : null });
      const ms = performance.now() - start;
      if (lore) activeChars += prompt.system.length;
      return ms;
    };
    for (let i = 0; i < 30; i += 1) {
      once(i, false);
      once(i, true);
    }
    activeChars = 0;
    for (let i = 0; i < opts.runs; i += 1) {
      if (i % 2 === 0) {
        without.push(once(i, false));
        withLore.push(once(i, true));
      } else {
        withLore.push(once(i, true));
        without.push(once(i, false));
      }
    }
    const p = (s: number[], q: number) => percentile(s, q).toFixed(2);
    rows.push([
      `${contextTokens.toLocaleString("en")} tokens`,
      p(without, 50),
      p(without, 95),
      p(withLore, 50),
      p(withLore, 95),
      (percentile(withLore, 50) / percentile(without, 50)).toFixed(2),
      percentile(withLore, 95) <= GOAL_MS ? "met" : "MISSED",
      Math.round(activeChars / opts.runs).toLocaleString("en"),
    ]);
  }
  out();
  printTable(
    [
      "context window",
      "baseline p50 ms",
      "p95",
      "with lorebook p50",
      "p95",
      "p50 ratio",
      `goal p95 <= ${GOAL_MS} ms`,
      "system chars",
    ],
    rows,
    "  ",
  );
}

void runBench("prompt assembly bench", main);
