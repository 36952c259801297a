import type { LanguageModelV4 } from "@ai-sdk/provider";
import { toLlmError, toModelPrompt } from "./model-reply-stream";
import { LlmError, type SummaryRequest } from "./types";

/**
 * One whole answer through the provider model's `doGenerate` (a non-streamed request: nobody reads a summary as
 * it is written). Failures, an abort included, are thrown as LlmError.
 */
export async function generateModelText(model: LanguageModelV4, request: SummaryRequest): Promise<string> {
  try {
    const result = await model.doGenerate({
      prompt: toModelPrompt(request),
      maxOutputTokens: request.maxOutputTokens,
      abortSignal: request.abortSignal,
    });
    return result.content
      .flatMap((part) => (part.type === "text" ? [part.text] : []))
      .join("")
      .trim();
  } catch (err) {
    if (request.abortSignal.aborted && !(err instanceof LlmError)) {
      throw new LlmError("summary aborted", "timeout", { cause: err });
    }
    throw toLlmError(err);
  }
}
