/**
 * How long assembling one reply's prompt takes (server/modules/chat/prompt.ts) for a long chat with a lorebook and a
 * full memory, against the same assembly without the lorebook (the baseline), in this process: bench:prompt prints
 * it alone, bench:chat --lore beside the relay's figures. "With lorebook" is the whole lorebook path of a reply:
 * reading the stored book (normalizeLorebook, as readReplyContext does), compiling it (compileLorebook) and
 * buildPrompt with it. Runs alternate between the two so both meet the same machine. Goal: at most 5 ms per
 * assembly (issue 17 item 10).
 */
import { performance } from "node:perf_hooks";
import { normalizeLorebook } from "../../lib/cards/card-lorebook";
import { compileLorebook } from "../../server/modules/chat/lorebook-selection";
import { buildPrompt, type PromptInput } from "../../server/modules/chat/prompt";
import { benchMemory, chat, random, sentence, storedBook } from "./bench-lorebook";
import { percentile, printTable } from "./harness";

export const PROMPT_GOAL_MS = 5;

export interface PromptAssemblyOptions {
  runs: number;
  turns: number;
  entries: number;
}

/** One row a context window: baseline and with-lorebook p50/p95, their ratio, the verdict, system prompt size. */
export function measurePromptAssembly(opts: PromptAssemblyOptions): string[][] {
  const next = random(17);
  const history = chat(opts.turns, next);
  const stored = storedBook(opts.entries, next);
  const memory = benchMemory(next);
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
      memory,
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
      percentile(withLore, 95) <= PROMPT_GOAL_MS ? "met" : "MISSED",
      Math.round(activeChars / opts.runs).toLocaleString("en"),
    ]);
  }
  return rows;
}

export function printPromptAssembly(rows: string[][], indent = "  "): void {
  printTable(
    [
      "context window",
      "baseline p50 ms",
      "p95",
      "with lorebook p50",
      "p95",
      "p50 ratio",
      `goal p95 <= ${PROMPT_GOAL_MS} ms`,
      "system chars",
    ],
    rows,
    indent,
  );
}
