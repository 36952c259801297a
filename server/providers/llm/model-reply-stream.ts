import type { LanguageModelV4 } from "@ai-sdk/provider";
import { APICallError, InvalidResponseDataError, JSONParseError, streamText, TypeValidationError } from "ai";
import { LlmError, type ReplyRequest, type ReplyStream, type ReplyUsage } from "./types";

/**
 * Drives one reply through the AI SDK's `streamText` and turns it into a ReplyStream.
 *
 * - The request starts at once; `textStream` can be iterated once.
 * - Errors: the SDK reports most failures as `error` parts (its `textStream` would just end), so `stream` is read
 *   instead and every failure is thrown as an LlmError: "upstream" for HTTP and connection errors, "malformed"
 *   for chunks that cannot be parsed or do not fit the expected shape.
 * - Abort: when `request.abortSignal` fires, `textStream` ends quietly (no error) and the upstream call is
 *   cancelled (for HTTP, the connection is closed). Stopping early (`break`, or an error) also cancels it.
 * - `usage()` resolves once `textStream` has ended, however it ended; it never rejects. Figures are null when
 *   the upstream did not report them (always after an error or an abort).
 */
export function streamModelReply(model: LanguageModelV4, request: ReplyRequest): ReplyStream {
  const upstream = new AbortController();
  const forwardAbort = () => upstream.abort(request.abortSignal.reason);
  if (request.abortSignal.aborted) forwardAbort();
  else request.abortSignal.addEventListener("abort", forwardAbort, { once: true });

  let settleUsage: (usage: ReplyUsage) => void = () => undefined;
  const usage = new Promise<ReplyUsage>((resolve) => {
    settleUsage = resolve;
  });

  const result = streamText({
    model,
    system: request.system,
    messages: request.messages,
    maxOutputTokens: request.maxOutputTokens,
    maxRetries: 0,
    abortSignal: upstream.signal,
    // Errors are rethrown from textStream below; the SDK's default handler would also log them.
    onError: () => undefined,
  });

  async function* text(): AsyncGenerator<string> {
    let finished: ReplyUsage | null = null;
    try {
      for await (const part of result.stream) {
        if (part.type === "text-delta") {
          if (part.text) yield part.text;
        } else if (part.type === "error") {
          throw toLlmError(part.error);
        } else if (part.type === "abort") {
          return;
        } else if (part.type === "finish") {
          finished = {
            inputTokens: part.totalUsage.inputTokens ?? null,
            outputTokens: part.totalUsage.outputTokens ?? null,
          };
        }
      }
    } catch (err) {
      if (upstream.signal.aborted && !(err instanceof LlmError)) return;
      throw toLlmError(err);
    } finally {
      request.abortSignal.removeEventListener("abort", forwardAbort);
      if (!finished) upstream.abort();
      settleUsage(finished ?? { inputTokens: null, outputTokens: null });
    }
  }

  return { textStream: text(), usage: () => usage };
}

/** Any failure from the SDK or a model as an LlmError with a message safe to log. */
export function toLlmError(err: unknown): LlmError {
  if (err instanceof LlmError) return err;
  if (JSONParseError.isInstance(err) || TypeValidationError.isInstance(err) || InvalidResponseDataError.isInstance(err)) {
    return new LlmError(`malformed upstream stream: ${firstLine(err.message)}`, "malformed", { cause: err });
  }
  if (APICallError.isInstance(err)) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : "";
    const what = err.statusCode && err.statusCode >= 400 ? `HTTP ${err.statusCode}` : "request failed";
    return new LlmError(`upstream ${what}: ${firstLine(err.message)}${cause}`, "upstream", { cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new LlmError(`upstream failed: ${firstLine(message)}`, "upstream", { cause: err });
}

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? "").slice(0, 300);
}
