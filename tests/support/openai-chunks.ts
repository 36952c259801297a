import { readStreamChunk, type StreamChunk } from "@/server/providers/llm/openai-stream-chunk";

/** One OpenAI chat completion chunk's JSON, as the API streams it, with `delta` as its choice's delta. */
export const openAiChunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: "chatcmpl-AbC123",
    object: "chat.completion.chunk",
    created: 1764300000,
    model: "gpt-4o-mini",
    system_fingerprint: "fp_44709d6fcb",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
    usage: null,
    ...extra,
  });

/** What a whole parse says of a `data:` payload (null when it is not JSON): the template's readings must agree. */
export function wholeParse(data: string): StreamChunk | null {
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return null;
  }
  return readStreamChunk(payload);
}
