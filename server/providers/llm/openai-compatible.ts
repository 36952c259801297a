import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { type ModelMapping, parseModelMapping, resolveUpstreamModel } from "./model-mapping";
import { generateModelText } from "./generate-model-text";
import { streamModelReply } from "./model-reply-stream";
import type { ConfiguredLlmProvider } from "./types";

export interface OpenAiCompatibleOptions {
  /** The API root including its version, e.g. "https://api.openai.com/v1" or "http://localhost:11434/v1". */
  baseUrl: string;
  /** Sent as "Authorization: Bearer <apiKey>"; omitted when unset (local servers often need none). */
  apiKey?: string;
  models?: ModelMapping;
  /** For tests and proxies; the global fetch by default. */
  fetch?: typeof globalThis.fetch;
}

/** Any server speaking POST {baseUrl}/chat/completions with streaming (OpenAI, OpenRouter, vLLM, Ollama...). */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): ConfiguredLlmProvider {
  const models = options.models ?? parseModelMapping();
  const upstream = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: options.baseUrl,
    apiKey: options.apiKey,
    includeUsage: true,
    fetch: options.fetch,
  });
  // One model object per upstream id, reused by every reply: building one compiles the SDK's zod chunk schema
  // again, about 2 ms of CPU per reply (bench/chat-relay.ts). The objects hold no per-call state; the ids come
  // from chat_models and LLM_MODELS, so the map stays small.
  const chatModels = new Map<string, ReturnType<typeof upstream.chatModel>>();
  const chatModel = (id: string) => {
    let model = chatModels.get(id);
    if (!model) chatModels.set(id, (model = upstream.chatModel(id)));
    return model;
  };
  return {
    kind: "openai-compatible",
    isDemo: false,
    upstreamModel: (modelKey, providerModel) => resolveUpstreamModel(models, modelKey, providerModel),
    streamReply: (request) => streamModelReply(chatModel(request.model), request),
    summarise: (request) => generateModelText(chatModel(request.model), request),
  };
}
