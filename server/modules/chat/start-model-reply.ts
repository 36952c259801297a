import type { ModelRow } from "./chat-models";
import type { ChatDeps } from "./chat-context";
import type { ReplyStream } from "../../providers/llm/types";
import { compileLorebook } from "./lorebook-selection";
import { buildPrompt } from "./prompt";
import { HISTORY_LIMIT, type ReplyContext } from "./reply-context";

/** Builds the prompt from the character and the earlier turns and starts the model's reply (the request goes out now). */
export function startModelReply(
  deps: ChatDeps,
  input: { userName: string; context: ReplyContext; model: ModelRow; message: string; signal: AbortSignal },
): ReplyStream {
  const { context, model, message } = input;
  const character = context.character;
  const userName = context.persona.name || input.userName || "User";
  const prompt = buildPrompt({
    character,
    userName,
    userPersona: context.persona.description,
    lorebook: context.lorebook ? compileLorebook(context.lorebook) : null,
    history: context.turns.map((t) => ({ role: t.role === "assistant" ? "assistant" : "user", content: t.content })),
    userMessage: message,
    contextTokens: model.contextTokens,
    maxReplyTokens: model.maxReplyTokens,
    // The greeting opens the conversation; it does not belong before a slice from its middle.
    includeGreeting: context.turns.length < HISTORY_LIMIT,
  });
  return deps.llm.streamReply({
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
