import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/server/config";
import { createLlmProvider, ModelMappingError, parseModelMapping } from "@/server/providers/llm/create-llm-provider";
import { resolveUpstreamModel } from "@/server/providers/llm/model-mapping";

describe("parseModelMapping", () => {
  it("is empty when unset, so each model's provider_model is used", () => {
    for (const value of [undefined, "", "  "]) {
      const mapping = parseModelMapping(value);
      expect(mapping.byKey.size).toBe(0);
      expect(mapping.fallback).toBeNull();
      expect(resolveUpstreamModel(mapping, "standard", "demo-standard")).toBe("demo-standard");
    }
  });

  it("maps model keys to upstream ids", () => {
    const mapping = parseModelMapping("standard=llama3.1:8b, premium = qwen2.5:32b,");
    expect(Object.fromEntries(mapping.byKey)).toEqual({ standard: "llama3.1:8b", premium: "qwen2.5:32b" });
    expect(resolveUpstreamModel(mapping, "standard", "demo-standard")).toBe("llama3.1:8b");
    expect(resolveUpstreamModel(mapping, "premium", "demo-premium")).toBe("qwen2.5:32b");
    expect(resolveUpstreamModel(mapping, "other", "provider-model")).toBe("provider-model");
  });

  it("uses a bare id for every model, or for the keys not named", () => {
    const bare = parseModelMapping("openrouter/meta-llama/llama-3.1-8b-instruct:free");
    expect(resolveUpstreamModel(bare, "standard", "demo-standard")).toBe(
      "openrouter/meta-llama/llama-3.1-8b-instruct:free",
    );
    expect(resolveUpstreamModel(bare, "premium", "demo-premium")).toBe(
      "openrouter/meta-llama/llama-3.1-8b-instruct:free",
    );
    const mixed = parseModelMapping("premium=gpt-4o,gpt-4o-mini");
    expect(resolveUpstreamModel(mixed, "premium", "x")).toBe("gpt-4o");
    expect(resolveUpstreamModel(mixed, "standard", "x")).toBe("gpt-4o-mini");
  });

  it.each([
    ["=llama3", /no model key/],
    ["standard=", /no upstream model id/],
    ["a,b", /more than one bare model id/],
    ["standard=a,standard=b", /mapped twice/],
    ["stan dard=a", /not a valid model key/],
    ["standard=llama 3", /cannot contain spaces/],
    ["standard=a=b", /cannot contain spaces or "="/],
    [" , ,", /no model ids/],
  ])("rejects %j with a message naming LLM_MODELS", (value, detail) => {
    expect(() => parseModelMapping(value)).toThrow(ModelMappingError);
    expect(() => parseModelMapping(value)).toThrow(/^LLM_MODELS: /);
    expect(() => parseModelMapping(value)).toThrow(detail);
  });
});

describe("LLM configuration", () => {
  it("stops at start-up on a malformed LLM_MODELS", () => {
    expect(() => parseConfig({ LLM_MODELS: "standard=" })).toThrow(ConfigError);
    expect(() => parseConfig({ LLM_MODELS: "standard=" })).toThrow(/LLM_MODELS: "standard=" has no upstream model id/);
    expect(parseConfig({ LLM_MODELS: "standard=llama3.1:8b" }).LLM_MODELS).toBe("standard=llama3.1:8b");
  });

  it("uses the offline demo model when LLM_BASE_URL is unset", () => {
    const provider = createLlmProvider(parseConfig({}));
    expect(provider.kind).toBe("demo");
    expect(provider.isDemo).toBe(true);
  });

  it("uses the OpenAI-compatible API with the LLM_MODELS mapping when LLM_BASE_URL is set", () => {
    const provider = createLlmProvider(
      parseConfig({ LLM_BASE_URL: "http://127.0.0.1:9/v1", LLM_MODELS: "standard=llama3.1:8b,premium=qwen2.5:32b" }),
    );
    expect(provider.kind).toBe("openai-compatible");
    expect(provider.isDemo).toBe(false);
    expect(provider.upstreamModel("premium", "demo-premium")).toBe("qwen2.5:32b");
    expect(
      createLlmProvider(parseConfig({ LLM_BASE_URL: "http://127.0.0.1:9/v1" })).upstreamModel(
        "premium",
        "demo-premium",
      ),
    ).toBe("demo-premium");
  });

  it("refuses a malformed mapping even without a config parse", () => {
    expect(() => createLlmProvider({ LLM_BASE_URL: undefined, LLM_API_KEY: undefined, LLM_MODELS: "a,b" })).toThrow(
      /LLM_MODELS/,
    );
  });
});
