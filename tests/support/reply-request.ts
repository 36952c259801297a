import type { ReplyRequest } from "@/server/providers/llm/types";

/** A reply request with nothing in it but one user line: for tests of a provider's transport, not its prompt. */
export function bareReplyRequest(maxOutputTokens = 100): ReplyRequest {
  return {
    model: "m",
    system: "s",
    messages: [{ role: "user", content: "hi" }],
    maxOutputTokens,
    abortSignal: new AbortController().signal,
    demo: { characterName: "", userName: "", persona: "", scenario: "", greeting: "", userMessage: "" },
  };
}
