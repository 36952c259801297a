import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import type { ReplyUsage } from "./types";

/**
 * A LanguageModelV4 whose text comes from an async iterable instead of an HTTP API, so the offline demo model and
 * the test mock go through the same `doStream` path as the real provider. The iterable must finish promptly
 * when `options.abortSignal` fires; an error it throws becomes an `error` part of the stream.
 */
export interface ScriptedModelOptions {
  provider: string;
  modelId: string;
  run(options: LanguageModelV4CallOptions): AsyncIterable<string>;
  usage(options: LanguageModelV4CallOptions, output: { text: string; chunks: number }): ReplyUsage;
}

export function createScriptedLanguageModel(script: ScriptedModelOptions): LanguageModelV4 {
  return {
    specificationVersion: "v4",
    provider: script.provider,
    modelId: script.modelId,
    supportedUrls: {},

    async doStream(options) {
      const iterator = script.run(options)[Symbol.asyncIterator]();
      let text = "";
      let chunks = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: "stream-start", warnings: [] });
          controller.enqueue({ type: "text-start", id: "text" });
        },
        async pull(controller) {
          try {
            const next = await iterator.next();
            if (!next.done) {
              text += next.value;
              chunks += 1;
              controller.enqueue({ type: "text-delta", id: "text", delta: next.value });
              return;
            }
            controller.enqueue({ type: "text-end", id: "text" });
            controller.enqueue({
              type: "finish",
              finishReason: { unified: "stop", raw: "stop" },
              usage: toModelUsage(script.usage(options, { text, chunks })),
            });
          } catch (error) {
            controller.enqueue({ type: "error", error });
            controller.enqueue({
              type: "finish",
              finishReason: { unified: "error", raw: undefined },
              usage: toModelUsage({ inputTokens: null, outputTokens: null }),
            });
          }
          controller.close();
        },
        async cancel() {
          await iterator.return?.();
        },
      });
      return { stream };
    },

    async doGenerate(options): Promise<LanguageModelV4GenerateResult> {
      let text = "";
      let chunks = 0;
      for await (const piece of script.run(options)) {
        text += piece;
        chunks += 1;
      }
      return {
        content: [{ type: "text", text }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: toModelUsage(script.usage(options, { text, chunks })),
        warnings: [],
      };
    },
  };
}

/** The characters of a prompt's text, for rough usage figures (about 4 per token). */
export function promptChars(prompt: LanguageModelV4Prompt): number {
  let total = 0;
  for (const message of prompt) {
    if (typeof message.content === "string") total += message.content.length;
    else for (const part of message.content) if (part.type === "text") total += part.text.length;
  }
  return total;
}

function toModelUsage(usage: ReplyUsage): LanguageModelV4Usage {
  const input = usage.inputTokens ?? undefined;
  const output = usage.outputTokens ?? undefined;
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}
