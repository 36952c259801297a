import type { Config } from "../../config";
import { createDemoProvider } from "./demo-model";
import { parseModelMapping } from "./model-mapping";
import { createOpenAiCompatibleProvider } from "./openai-compatible";
import type { ConfiguredLlmProvider } from "./types";

export { parseModelMapping, ModelMappingError } from "./model-mapping";

/**
 * The chat model provider for this process: the OpenAI-compatible API at LLM_BASE_URL, or the offline demo model
 * when it is unset. Throws a ModelMappingError naming LLM_MODELS when that is malformed (checked even for the
 * demo, so a typo does not wait for the day LLM_BASE_URL is set).
 */
export function createLlmProvider(
  config: Pick<Config, "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODELS">,
): ConfiguredLlmProvider {
  const models = parseModelMapping(config.LLM_MODELS);
  if (!config.LLM_BASE_URL) return createDemoProvider();
  return createOpenAiCompatibleProvider({ baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, models });
}
