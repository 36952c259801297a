/**
 * Rendering a reply while it streams in: a 4,000-character reply with every construct (actions, a table, a code
 * block, a list, a quote, links) grows by --chunk characters (4, about a token) and is rendered after each step,
 * as the chat does, into a jsdom document with React 19 (each step inside act(), so deferred renders are counted).
 * Variants, in the same run:
 *   plain      the text in one <p>: the floor (React and the DOM, no markdown)
 *   remount    MarkdownView remounted at every step: parsing and rendering everything anew
 *   chat       MarkdownView updated in place, as in the chat: top-level blocks memoised on their source
 *   parse      parseMarkdown(open) alone at every step
 * Prints total and per-step figures and each variant's ratio to `plain`; never asserts. Goal: `chat` per step
 * stays well under a frame (16 ms) at 4,000 characters, and far below `remount`.
 *
 *   npx tsx bench/markdown-stream.tsx [--chars 4000] [--chunk 4] [--rounds 3]
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { JSDOM } from "jsdom";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { MarkdownView } from "@/components/chat/markdown-view";
import { parseMarkdown } from "@/lib/chat/markdown";
import { eachFlag, intFlag, out, percentile, printTable, runBench } from "./lib/harness";

interface Options {
  chars: number;
  chunk: number;
  rounds: number;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { chars: 4000, chunk: 4, rounds: 3 };
  eachFlag(argv, (flag, arg, value) => {
    if (flag === "--chars") opts.chars = intFlag(flag, value(), 100);
    else if (flag === "--chunk") opts.chunk = intFlag(flag, value(), 1);
    else if (flag === "--rounds") opts.rounds = intFlag(flag, value(), 1);
    else throw new Error(`unknown argument: ${arg}`);
  });
  return opts;
}

const SECTION = [
  "*leans on the console, eyes on the manifest* Here is what we carry, **captain**. Check the [log](https://log.example/cargo) before we dock.",
  "",
  "| Item | Qty | Hold | Note |",
  "|:--|:-:|:-:|--:|",
  "| Rope | 12 | A | *long* |",
  "| Lamp oil | 4 | B | `flammable` |",
  "| Spare sails | 2 | A | patched |",
  "| Water | 40 | C | fresh |",
  "",
  "> The sea does not forgive a loose knot.",
  "",
  "1. Secure the hold",
  "2. Count the barrels",
  "   - twice, *slowly*",
  "",
  "```ts",
  "function total(items: { qty: number }[]): number {",
  "  return items.reduce((sum, item) => sum + item.qty, 0);",
  "}",
  "```",
  "",
  "*taps the table twice* Anything else you need before we sail?",
  "",
].join("\n");

function reply(chars: number): string {
  let text = "";
  while (text.length < chars) text += SECTION;
  return text.slice(0, chars);
}

interface Figures {
  name: string;
  steps: number[];
}

async function measure(name: string, text: string, chunk: number, step: (partial: string, index: number) => void) {
  const steps: number[] = [];
  let index = 0;
  for (let end = chunk; ; end += chunk) {
    const partial = text.slice(0, Math.min(end, text.length));
    const started = performance.now();
    await act(async () => step(partial, index++));
    steps.push(performance.now() - started);
    if (end >= text.length) break;
  }
  return { name, steps };
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const dom = new JSDOM("<!doctype html><html><body></body></html>");
  Object.assign(globalThis, { window: dom.window, document: dom.window.document, navigator: dom.window.navigator });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const text = reply(opts.chars);
  out(`markdown streaming: ${text.length} characters in steps of ${opts.chunk}; ${opts.rounds} rounds, the best kept`);
  out(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} on ${os.cpus().length} cores`,
  );

  const best = new Map<string, Figures>();
  const keep = (figures: Figures) => {
    const sum = (f: Figures) => f.steps.reduce((a, b) => a + b, 0);
    const previous = best.get(figures.name);
    if (!previous || sum(figures) < sum(previous)) best.set(figures.name, figures);
  };

  for (let round = 0; round < opts.rounds; round++) {
    for (const variant of ["plain", "remount", "chat", "parse"] as const) {
      const container = document.createElement("div");
      document.body.append(container);
      const root = createRoot(container);
      keep(
        await measure(variant, text, opts.chunk, (partial, index) => {
          if (variant === "plain") root.render(<p>{partial}</p>);
          else if (variant === "remount") root.render(<MarkdownView key={index} text={partial} open />);
          else if (variant === "chat") root.render(<MarkdownView text={partial} open />);
          else parseMarkdown(partial, { open: true });
        }),
      );
      await act(async () => root.unmount());
      container.remove();
    }
  }

  const floor = best.get("plain")!.steps.reduce((a, b) => a + b, 0);
  const rows = [...best.values()].map(({ name, steps }) => {
    const total = steps.reduce((a, b) => a + b, 0);
    const lastTenth = steps.slice(Math.floor(steps.length * 0.9));
    return [
      name,
      total.toFixed(0),
      (total / steps.length).toFixed(2),
      percentile(steps, 95).toFixed(2),
      (lastTenth.reduce((a, b) => a + b, 0) / lastTenth.length).toFixed(2),
      (total / floor).toFixed(1),
    ];
  });
  printTable(["variant", "total ms", "mean ms/step", "p95 ms/step", "last 10% ms/step", "× plain"], rows);
}

void runBench("markdown-stream", main);
