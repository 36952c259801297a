import { estimateTokens } from "../token-estimate";

/** A chat's long-term memory as the prompt uses it. */
export interface PromptMemory {
  summary: string;
  /** Pinned by the user, oldest first. */
  facts: string[];
}

/** The memory block never takes more than this, nor more than MEMORY_SHARE of the prompt's budget. */
export const MEMORY_MAX_TOKENS = 600;
export const MEMORY_SHARE = 0.25;

/** The tokens the memory block may use in a prompt for this model. */
export function memoryBudget(model: { contextTokens: number; maxReplyTokens: number }): number {
  const share = Math.floor((model.contextTokens - model.maxReplyTokens) * MEMORY_SHARE);
  return Math.max(0, Math.min(MEMORY_MAX_TOKENS, share));
}

/**
 * The system prompt's memory section, within `budget` tokens (estimated), or "" when there is nothing to say or
 * no room. Pinned facts come first, in the order they were pinned, each whole or not at all (the user chose
 * them); then the summary, whole when it fits, else its newest lines (the end of a summary is the latest of what
 * left the window), the oldest kept one cut at a word when only part of it fits.
 */
export function memoryBlock(
  memory: PromptMemory,
  budget: number,
  names: { char: string; user: string },
  fill: (text: string) => string,
): string {
  const facts = memory.facts.map((f) => fill(f).trim()).filter(Boolean);
  const summary = fill(memory.summary).trim();
  if (facts.length === 0 && !summary) return "";
  const header =
    `## Memory of this chat\nWhat ${names.user} and ${names.char} said and did earlier, before the messages ` +
    `below. Stay consistent with it.`;
  let left = budget - estimateTokens(header);
  const parts = [header];

  const factLines: string[] = [];
  const factsLabel = "\n\nFacts to remember:";
  if (facts.length > 0 && left > estimateTokens(factsLabel)) {
    let room = left - estimateTokens(factsLabel);
    for (const fact of facts) {
      const cost = estimateTokens(`\n- ${fact}`);
      if (cost > room) continue;
      room -= cost;
      factLines.push(`- ${fact}`);
    }
    if (factLines.length > 0) {
      parts.push(`${factsLabel}\n${factLines.join("\n")}`);
      left = room;
    }
  }

  const summaryLabel = "\n\nSummary of earlier turns:\n";
  const kept = summary ? newestLines(summary, left - estimateTokens(summaryLabel)) : "";
  if (kept) parts.push(`${summaryLabel}${kept}`);
  return parts.length > 1 ? parts.join("") : "";
}

/** The newest lines of text within `tokens`; the oldest kept line cut at a word (with "…") to fill the rest. */
function newestLines(text: string, tokens: number): string {
  if (tokens <= 0) return "";
  if (estimateTokens(text) <= tokens) return text;
  const lines = text.split("\n");
  const kept: string[] = [];
  let room = tokens;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i]!;
    const cost = estimateTokens(`${line}\n`);
    if (cost <= room) {
      kept.unshift(line);
      room -= cost;
      continue;
    }
    const tail = lineTail(line, room - 1);
    if (tail) kept.unshift(tail);
    break;
  }
  return kept.join("\n").trim();
}

/** The end of a line within `tokens`, starting at a word, marked with a leading "…". */
function lineTail(line: string, tokens: number): string {
  const words = line.split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (let i = words.length - 1; i >= 0; i -= 1) {
    if (estimateTokens(`…${[words[i], ...kept].join(" ")}`) > tokens) break;
    kept.unshift(words[i]!);
  }
  return kept.length > 0 ? `…${kept.join(" ")}` : "";
}
