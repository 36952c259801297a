import type { ModelRow } from "./chat-models";
import type { ChatDeps } from "./chat-context";
import type { ReplyStream } from "../../providers/llm/types";
import { leftWindowBefore } from "./memory/memory-window";
import { compiledLorebookOf } from "./lorebook-cache";
import { buildPrompt } from "./prompt";
import type { ReplyContext } from "./reply-context";
import { HISTORY_LIMIT } from "./reply-context-statement";

export interface StartedModelReply {
  stream: ReplyStream;
  /** Every message of the chat before this id is out of the prompt (memory/memory-window.ts); null: none is. */
  leftWindowBefore: number | null;
}

/**
 * Builds the prompt from the character, the chat's memory and the earlier turns and starts the model's reply (the
 * request goes out now).
 */
export function startModelReply(
  deps: ChatDeps,
  input: { userName: string; context: ReplyContext; model: ModelRow; message: string; signal: AbortSignal },
): StartedModelReply {
  const { context, model, message } = input;
  const character = context.character;
  const userName = context.persona.name || input.userName || "User";
  const sliced = context.turns.length >= HISTORY_LIMIT;
  const prompt = buildPrompt({
    character,
    userName,
    userPersona: context.persona.description,
    lorebook: context.lorebook ? compiledLorebookOf(context.lorebook) : null,
    history: context.turns.map((t) => ({ role: t.role === "assistant" ? "assistant" : "user", content: t.content })),
    userMessage: message,
    contextTokens: model.contextTokens,
    maxReplyTokens: model.maxReplyTokens,
    // The greeting opens the conversation; it does not belong before a slice from its middle.
    includeGreeting: !sliced,
    memory: context.memory ?? undefined,
  });
  const stream = deps.llm.streamReply({
    model: deps.llm.upstreamModel(model.key, model.providerModel),
    system: prompt.system,
    messages: prompt.messages,
    maxOutputTokens: model.maxReplyTokens,
    abortSignal: input.signal,
    demo: {
      characterName: character.name,
      userName,
      persona: character.persona,
      scenario: character.scenario,
      greeting: character.greeting,
      userMessage: message,
    },
  });
  return { stream, leftWindowBefore: leftWindowBefore(context.turns, prompt.turnsLeftOut, sliced) };
}

/** Reads a reply that will not be relayed to its end after an abort, so the provider can release it. */
export async function discardModelReply(stream: ReplyStream): Promise<void> {
  try {
    for await (const _text of stream.textStream) {
      // nothing to keep
    }
  } catch {
    // the reply was aborted on purpose; its error does not matter
  }
}
