import type { LanguageModelV4, LanguageModelV4Prompt, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { APICallError, InvalidResponseDataError, JSONParseError, TypeValidationError } from "ai";
import { LlmError, type ReplyRequest, type ReplyStream, type ReplyUsage } from "./types";

/**
 * Drives one reply through the provider model's `doStream` and turns it into a ReplyStream.
 *
 * `doStream` is what the AI SDK's `streamText` calls underneath; reading it directly skips `streamText`'s
 * pipeline of web streams (retries, tools, steps, telemetry: none used here), which cost about 1 ms of time to
 * first token and 30 ms of CPU per 300-chunk reply (bench/chat-relay.ts).
 *
 * - The request starts at once; `textStream` can be iterated once.
 * - Errors: a request that fails, and `error` parts (chunks that cannot be parsed or do not fit the expected
 *   shape), are thrown as LlmError: "upstream" for HTTP and connection errors, "malformed" for bad chunks.
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

  const started = Promise.resolve(
    model.doStream({
      prompt: toModelPrompt(request),
      maxOutputTokens: request.maxOutputTokens,
      abortSignal: upstream.signal,
    }),
  );
  // Rethrown from textStream; a reply that is never read must not leave an unhandled rejection behind.
  started.catch(() => undefined);

  async function* text(): AsyncGenerator<string> {
    let finished: ReplyUsage | null = null;
    let reader: ReadableStreamDefaultReader<LanguageModelV4StreamPart> | undefined;
    try {
      reader = (await started).stream.getReader();
      for (;;) {
        const next = await reader.read();
        // A model that ends quietly on abort may still report usage: the reply was cut, so it counts as none.
        if (upstream.signal.aborted) break;
        if (next.done) break;
        const part = next.value;
        if (part.type === "text-delta") {
          if (part.delta) yield part.delta;
        } else if (part.type === "error") {
          throw toLlmError(part.error);
        } else if (part.type === "finish") {
          finished = {
            inputTokens: part.usage.inputTokens.total ?? null,
            outputTokens: part.usage.outputTokens.total ?? null,
          };
        }
      }
    } catch (err) {
      if (upstream.signal.aborted && !(err instanceof LlmError)) return;
      throw toLlmError(err);
    } finally {
      request.abortSignal.removeEventListener("abort", forwardAbort);
      if (!finished) {
        upstream.abort();
        reader?.cancel().catch(() => undefined);
      }
      settleUsage(finished ?? { inputTokens: null, outputTokens: null });
    }
  }

  const textStream = text();
  return { textStream, pipeText: (onPiece) => pipeIterable(textStream, onPiece), usage: () => usage };
}

/** pipeText for a stream that is an async iterable underneath (the AI SDK's models: not a hot path). */
async function pipeIterable(text: AsyncIterable<string>, onPiece: (piece: string) => void): Promise<void> {
  for await (const piece of text) onPiece(piece);
}

export function toModelPrompt(request: Pick<ReplyRequest, "system" | "messages">): LanguageModelV4Prompt {
  return [
    { role: "system", content: request.system },
    ...request.messages.map((m) => ({ role: m.role, content: [{ type: "text" as const, text: m.content }] })),
  ];
}

/** Any failure from the SDK or a model as an LlmError with a message safe to log. */
export function toLlmError(err: unknown): LlmError {
  if (err instanceof LlmError) return err;
  if (
    JSONParseError.isInstance(err) ||
    TypeValidationError.isInstance(err) ||
    InvalidResponseDataError.isInstance(err)
  ) {
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
