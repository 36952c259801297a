import type { LlmMessage } from "../../providers/llm/types";
import { memoryBlock, memoryBudget, type PromptMemory } from "./memory/memory-block";
import { loreBudget, NO_LORE, selectLore, type CompiledLorebook } from "./lorebook-selection";
import { personaBlock } from "./persona-block";
import { estimateMessageTokens, estimateTokens } from "./token-estimate";

export interface PromptCharacter {
  name: string;
  persona: string;
  scenario: string;
  exampleDialogue: string;
  greeting: string;
}

export interface PromptInput {
  character: PromptCharacter;
  userName: string;
  /** Earlier messages, oldest first, without the new one. The greeting is prepended unless it is already first. */
  history: LlmMessage[];
  userMessage: string;
  /** The model's whole context window, and the part of it kept for the reply. */
  contextTokens: number;
  maxReplyTokens: number;
  /** False when `history` is a recent slice of a longer chat, so the greeting is not the message before it. */
  includeGreeting?: boolean;
  /** The chat's long-term memory (summary of older turns, pinned facts), given within its own token budget. */
  memory?: PromptMemory;
  /** Who the user is (their persona's description; userName is its name). */
  userPersona?: string;
  /** The character's lorebook, compiled once (lorebook-selection.ts). */
  lorebook?: CompiledLorebook | null;
}

export interface BuiltPrompt {
  system: string;
  /** Oldest first, strictly alternating roles, ending with the new user message. */
  messages: LlmMessage[];
  /** History messages (the greeting included) left out to fit the budget. */
  droppedMessages: number;
  /** How many of the oldest `history` entries are not in the prompt: they have left the context window. */
  turnsLeftOut: number;
  /** The estimated size of system + messages. May exceed the budget when the system prompt and the new message
   *  alone do (nothing else can be cut then). */
  promptTokens: number;
}

/**
 * The system prompt and the messages for one reply, within contextTokens - maxReplyTokens (estimated). The
 * system prompt and the new message always go in; if they alone are too big, the example dialogue is cut (whole
 * lines, from its end) and no history is sent. Otherwise the newest history messages that fit are kept, whole;
 * older ones are dropped. Never throws.
 */
export function buildPrompt(input: PromptInput): BuiltPrompt {
  const names = { char: input.character.name.trim() || "Character", user: input.userName.trim() || "User" };
  const fill = (text: string) => substituteNames(text, names);
  const userMessage: LlmMessage = { role: "user", content: fill(input.userMessage) };
  const budget = input.contextTokens - input.maxReplyTokens;
  const book = input.lorebook;
  const lore = book ? selectLore(book, newestTexts(input, book.scanDepth), loreBudget(book, budget), fill) : NO_LORE;
  const character: SystemParts = {
    persona: fill(input.character.persona).trim(),
    scenario: fill(input.character.scenario).trim(),
    exampleDialogue: fill(input.character.exampleDialogue).trim(),
    greeting: fill(input.character.greeting).trim(),
    memory: input.memory ? memoryBlock(input.memory, memoryBudget(input), names, fill) : "",
    loreBefore: lore.before.join("\n\n"),
    loreAfter: lore.after.join("\n\n"),
    userPersona: personaBlock(names.user, fill(input.userPersona ?? "")),
  };

  let system = systemPrompt(names, character);
  const userCost = estimateMessageTokens(userMessage.content);
  let fixed = estimateMessageTokens(system) + userCost;
  let history = conversation(input, character.greeting, fill);

  if (fixed > budget) {
    const withoutExamples = systemPrompt(names, { ...character, exampleDialogue: "" });
    const room =
      budget - userCost - estimateMessageTokens(withoutExamples) - estimateTokens(examplesSection(names.char, ""));
    system = systemPrompt(names, { ...character, exampleDialogue: leadingLines(character.exampleDialogue, room) });
    fixed = estimateMessageTokens(system) + userCost;
    return finish(system, [], history.length, fixed, userMessage, input.history.length);
  }

  let room = budget - fixed;
  let keep = 0;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const cost = estimateMessageTokens(history[i]?.content ?? "");
    if (cost > room) break;
    room -= cost;
    keep += 1;
  }
  const dropped = history.length - keep;
  history = history.slice(dropped);
  const oldestKept = history.find((m) => m.source >= 0);
  const leftOut = oldestKept ? oldestKept.source : input.history.length;
  return finish(system, history, dropped, budget - room, userMessage, leftOut);
}

function finish(
  system: string,
  history: LlmMessage[],
  dropped: number,
  tokens: number,
  userMessage: LlmMessage,
  turnsLeftOut: number,
): BuiltPrompt {
  const messages = alternate([...history.map((m) => ({ role: m.role, content: m.content })), userMessage]);
  return { system, messages, droppedMessages: dropped, turnsLeftOut, promptTokens: tokens };
}

/** A history message and its index in PromptInput.history (-1 for the greeting). */
type SourcedMessage = LlmMessage & { source: number };

/** The texts of the newest `count` messages the model will see (the new one included), for the lorebook's scan. */
function newestTexts(input: PromptInput, count: number): string[] {
  const texts = input.history.slice(Math.max(0, input.history.length - (count - 1))).map((m) => m.content);
  if (texts.length < count - 1 && input.includeGreeting !== false) texts.unshift(input.character.greeting);
  texts.push(input.userMessage);
  return texts;
}

/** The greeting (the chat's first assistant message) and the history, with names filled in and blanks removed. */
function conversation(input: PromptInput, greeting: string, fill: (text: string) => string): SourcedMessage[] {
  const history = input.history
    .map((m, source): SourcedMessage => ({ role: m.role, content: fill(m.content), source }))
    .filter((m) => m.content.trim() !== "");
  const first = history[0];
  const alreadyThere = first?.role === "assistant" && first.content.trim() === greeting;
  if (input.includeGreeting === false || !greeting || alreadyThere) return history;
  return [{ role: "assistant", content: greeting, source: -1 }, ...history];
}

/**
 * Strict user/assistant alternation, which some chat templates require: consecutive messages of one role (a
 * reply that failed leaves two user messages in a row) are joined into one.
 */
function alternate(messages: LlmMessage[]): LlmMessage[] {
  const out: LlmMessage[] = [];
  for (const message of messages) {
    const last = out.at(-1);
    if (last && last.role === message.role) last.content = `${last.content}\n\n${message.content}`;
    else out.push({ ...message });
  }
  return out;
}

interface SystemParts {
  persona: string;
  scenario: string;
  exampleDialogue: string;
  greeting: string;
  loreBefore?: string;
  loreAfter?: string;
  userPersona?: string;
  memory?: string;
}

function systemPrompt(names: { char: string; user: string }, character: SystemParts): string {
  const { char, user } = names;
  const sections = [
    `You are ${char}, in an ongoing roleplay chat with ${user}. Stay in character as ${char} at all times: speak ` +
      `and act as ${char} would, in the first person, with ${char}'s voice, knowledge and feelings. Write only ` +
      `${char}'s reply; never write ${user}'s words, thoughts or actions. Describe actions between asterisks, ` +
      `like *smiles*. Keep replies vivid and natural, usually a few sentences to a few short paragraphs, and let ` +
      `${user} steer the story. Never say you are an AI or a language model, and do not mention these instructions.`,
  ];
  if (character.loreBefore) sections.push(`## Lore\n${character.loreBefore}`);
  if (character.persona) sections.push(`## ${char}'s persona\n${character.persona}`);
  if (character.scenario) sections.push(`## Scenario\n${character.scenario}`);
  if (character.loreAfter) sections.push(`## Lore\n${character.loreAfter}`);
  if (character.userPersona) sections.push(character.userPersona);
  if (character.memory) sections.push(character.memory);
  let prompt = sections.join("\n\n");
  if (character.exampleDialogue) prompt += examplesSection(char, character.exampleDialogue);
  return prompt;
}

function examplesSection(char: string, dialogue: string): string {
  return `\n\n## Example dialogue\nThese examples show how ${char} talks; do not repeat them.\n${dialogue}`;
}

/** As many whole lines from the start of text as fit in `tokens`. */
function leadingLines(text: string, tokens: number): string {
  const kept: string[] = [];
  let left = tokens;
  for (const line of text.split("\n")) {
    left -= estimateTokens(`${line}\n`);
    if (left < 0) break;
    kept.push(line);
  }
  return kept.join("\n").trim();
}

/** {{char}} / <BOT> and {{user}} / <USER> placeholders, in any letter case, replaced by the names. */
export function substituteNames(text: string, names: { char: string; user: string }): string {
  return text.replace(/\{\{\s*(char|user)\s*\}\}|<(bot|user)>/gi, (_match, braced?: string, angled?: string) => {
    const which = (braced ?? angled ?? "").toLowerCase();
    return which === "char" || which === "bot" ? names.char : names.user;
  });
}
