import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { type ModelMapping, parseModelMapping, resolveUpstreamModel } from "./model-mapping";
import { generateModelText } from "./generate-model-text";
import { chatCompletionsTarget, streamChatCompletion } from "./openai-chat-stream";
import type { ConfiguredLlmProvider } from "./types";

export interface OpenAiCompatibleOptions {
  /** The API root including its version, e.g. "https://api.openai.com/v1" or "http://localhost:11434/v1". */
  baseUrl: string;
  /** Sent as "Authorization: Bearer <apiKey>"; omitted when unset (local servers often need none). */
  apiKey?: string;
  models?: ModelMapping;
  /** For the memory's summaries (AI SDK), in tests and behind proxies; the global fetch by default. */
  fetch?: typeof globalThis.fetch;
}

/** Any server speaking POST {baseUrl}/chat/completions with streaming (OpenAI, OpenRouter, vLLM, Ollama...). */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): ConfiguredLlmProvider {
  const models = options.models ?? parseModelMapping();
  // Replies, the hot path: one keep-alive agent, read with one SSE parser (openai-chat-stream.ts).
  const target = chatCompletionsTarget(options.baseUrl, options.apiKey);
  // Summaries (a background request now and then) keep the AI SDK's non-streamed call.
  let summaries: ReturnType<typeof createOpenAICompatible> | undefined;
  const summaryModel = (id: string) =>
    (summaries ??= createOpenAICompatible({
      name: "openai-compatible",
      baseURL: options.baseUrl,
      apiKey: options.apiKey,
      fetch: options.fetch,
    })).chatModel(id);
  return {
    kind: "openai-compatible",
    isDemo: false,
    upstreamModel: (modelKey, providerModel) => resolveUpstreamModel(models, modelKey, providerModel),
    streamReply: (request) => streamChatCompletion(target, request),
    summarise: (request) => generateModelText(summaryModel(request.model), request),
  };
}
