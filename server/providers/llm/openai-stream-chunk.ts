import type { ReplyUsage } from "./types";

/**
 * What one `data:` payload of an OpenAI-compatible chat completion stream says, from a shape check of the parsed
 * JSON rather than a schema parse: this runs once per token on every open reply, and only three fields are read.
 *
 * - `text`: choices[0].delta.content when it is a non-empty string (null and absent content are common: the
 *   role-only first chunk, the finish chunk).
 * - `usage`: the usage chunk (`stream_options.include_usage`), usually with empty `choices`.
 * - `error`: an in-stream error object (OpenRouter and others send one instead of text when the model fails).
 * - `malformed`: anything that is not an object, or a `choices` or `usage` of the wrong type.
 */
export type StreamChunk =
  | { kind: "text"; text: string; usage: ReplyUsage | null }
  | { kind: "other"; usage: ReplyUsage | null }
  | { kind: "error"; message: string }
  | { kind: "malformed"; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const count = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;

export function readStreamChunk(payload: unknown): StreamChunk {
  if (!isObject(payload)) return { kind: "malformed", reason: "a chunk that is not an object" };
  if (payload.error !== undefined && payload.error !== null) {
    const error = payload.error;
    const message = isObject(error) && typeof error.message === "string" ? error.message : JSON.stringify(error);
    return { kind: "error", message };
  }
  let usage: ReplyUsage | null = null;
  if (payload.usage !== undefined && payload.usage !== null) {
    if (!isObject(payload.usage)) return { kind: "malformed", reason: "usage is not an object" };
    usage = { inputTokens: count(payload.usage.prompt_tokens), outputTokens: count(payload.usage.completion_tokens) };
  }
  const choices = payload.choices;
  if (choices === undefined || choices === null) return { kind: "other", usage };
  if (!Array.isArray(choices)) return { kind: "malformed", reason: "choices is not an array" };
  const first: unknown = choices[0];
  if (first === undefined) return { kind: "other", usage };
  if (!isObject(first)) return { kind: "malformed", reason: "a choice that is not an object" };
  const delta = first.delta;
  if (delta === undefined || delta === null) return { kind: "other", usage };
  if (!isObject(delta)) return { kind: "malformed", reason: "delta is not an object" };
  const content = delta.content;
  if (typeof content === "string" && content) return { kind: "text", text: content, usage };
  if (content !== undefined && content !== null && typeof content !== "string")
    return { kind: "malformed", reason: "delta.content is not a string" };
  return { kind: "other", usage };
}
