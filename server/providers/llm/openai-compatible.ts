import { type ModelMapping, parseModelMapping, resolveUpstreamModel } from "./model-mapping";
import { chatCompletionsTarget, streamChatCompletion } from "./openai-chat-stream";
import type { ConfiguredLlmProvider } from "./types";

export interface OpenAiCompatibleOptions {
  /** The API root including its version, e.g. "https://api.openai.com/v1" or "http://localhost:11434/v1". */
  baseUrl: string;
  /** Sent as "Authorization: Bearer <apiKey>"; omitted when unset (local servers often need none). */
  apiKey?: string;
  models?: ModelMapping;
}

/** Any server speaking POST {baseUrl}/chat/completions with streaming (OpenAI, OpenRouter, vLLM, Ollama...). */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): ConfiguredLlmProvider {
  const models = options.models ?? parseModelMapping();
  // One keep-alive agent for every reply: connections to the upstream are reused.
  const target = chatCompletionsTarget(options.baseUrl, options.apiKey);
  return {
    kind: "openai-compatible",
    isDemo: false,
    upstreamModel: (modelKey, providerModel) => resolveUpstreamModel(models, modelKey, providerModel),
    streamReply: (request) => streamChatCompletion(target, request),
  };
}
