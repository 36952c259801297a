import { writeDemoReply } from "./demo-reply";
import { writeDemoSummary } from "./demo-summary";
import { streamModelReply } from "./model-reply-stream";
import { createScriptedLanguageModel, promptChars } from "./scripted-language-model";
import { sleep } from "./sleep";
import { LlmError, type ConfiguredLlmProvider, type ReplyRequest } from "./types";

export interface DemoProviderOptions {
  /** The pause before each word, picked between min and max (default 20-35 ms, so the reply feels typed). */
  wordDelayMs?: { min: number; max: number };
}

/**
 * The built-in offline model (used when LLM_BASE_URL is unset): a short, clearly labelled demo reply in the
 * character's voice (demo-reply.ts), written from the character's card and the conversation so far, streamed word
 * by word. It stops at once when the request is aborted.
 */
export function createDemoProvider(options: DemoProviderOptions = {}): ConfiguredLlmProvider {
  const { min, max } = options.wordDelayMs ?? { min: 20, max: 35 };
  const spread = Math.max(0, max - min) + 1;
  return {
    kind: "demo",
    isDemo: true,
    upstreamModel: (_modelKey, providerModel) => providerModel,
    streamReply(request: ReplyRequest) {
      const firstReply = request.messages.filter((m) => m.role === "user").length <= 1;
      const reply = writeDemoReply(request.demo, { firstReply, conversation: request.messages });
      const words = reply.match(/\s*\S+/g) ?? [];
      const model = createScriptedLanguageModel({
        provider: "demo",
        modelId: request.model,
        async *run(callOptions) {
          const signal = callOptions.abortSignal ?? new AbortController().signal;
          for (const [i, word] of words.entries()) {
            // A fixed wobble per word position: looks typed, and is the same on every run.
            await sleep(min + ((i * 7919) % spread), signal);
            if (signal.aborted) return;
            yield word;
          }
        },
        usage: (callOptions, output) => ({
          inputTokens: Math.ceil(promptChars(callOptions.prompt) / 4) + 4 * callOptions.prompt.length,
          outputTokens: Math.ceil(output.text.length / 4),
        }),
      });
      return streamModelReply(model, request);
    },
    async summarise(request) {
      if (request.abortSignal.aborted) throw new LlmError("summary aborted", "timeout");
      return writeDemoSummary(request.demo);
    },
  };
}
