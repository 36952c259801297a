/**
 * `npm run bench:prompt`: how long assembling one reply's prompt takes for a chat of 2,000 turns with a 200-entry
 * lorebook and a full memory, against the same assembly without the lorebook (bench/lib/prompt-assembly-figures.ts).
 * Goal: at most 5 ms per assembly (issue 17 item 10). bench:chat --lore prints the same table.
 *
 *   npm run bench:prompt -- [--runs N (400)] [--turns N (2000)] [--entries N (200)]
 */
import os from "node:os";
import { eachFlag, intFlag, out, runBench } from "./lib/harness";
import { measurePromptAssembly, printPromptAssembly, type PromptAssemblyOptions } from "./lib/prompt-assembly-figures";

function parseArgs(argv: string[]): PromptAssemblyOptions {
  const opts: PromptAssemblyOptions = { runs: 400, turns: 2_000, entries: 200 };
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
  out(`Prompt assembly bench — ${new Date().toISOString()}`);
  out(
    `${opts.turns} turns, ${opts.entries}-entry lorebook (scan depth 6, budget 1,500 tokens, recursive), a full memory, ` +
      `${opts.runs} runs each; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
  const rows = measurePromptAssembly(opts);
  out();
  printPromptAssembly(rows);
}

void runBench("prompt assembly bench", main);
