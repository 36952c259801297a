import { promptChars, createScriptedLanguageModel } from "@/server/providers/llm/scripted-language-model";
import { streamModelReply } from "@/server/providers/llm/model-reply-stream";
import { sleep } from "@/server/providers/llm/sleep";
import {
  LlmError,
  type LlmProvider,
  type ReplyRequest,
  type ReplyUsage,
  type SummaryRequest,
} from "@/server/providers/llm/types";

/** What the mock model does on its next calls. Every field is optional. */
export interface MockScript {
  /** The text pieces to stream, in order. Default: DEFAULT_MOCK_CHUNKS. */
  chunks?: string[];
  /** Wait before each piece (default 0). */
  chunkDelayMs?: number;
  /** Wait before the first piece instead of chunkDelayMs. */
  firstChunkDelayMs?: number;
  /** Fail with LlmError "upstream" after this many pieces (0: before any text). */
  failAfterChunks?: number;
  /** Fail with LlmError "malformed" after this many pieces. */
  malformedAfterChunks?: number;
  /** Send nothing at all until aborted (same as hangAfterChunks: 0). */
  hang?: boolean;
  /** Go silent after this many pieces until aborted (for idle timeouts). */
  hangAfterChunks?: number;
  /** Pause after this many pieces until release() or an abort, then go on (a test decides when text comes). */
  holdAfterChunks?: number;
  /** Reported usage. Default: prompt characters / 4 in, one token per piece out. */
  usage?: ReplyUsage;
  /** What summarise() answers (default DEFAULT_MOCK_SUMMARY), or fail with LlmError "upstream" when true. */
  summary?: string;
  summaryFails?: boolean;
  /** summarise() answers only once this resolves (a test decides when a summary is done). */
  summaryGate?: Promise<void>;
}

/** One streamReply call as the mock saw it. Times are Date.now() values. */
export interface MockCall {
  request: ReplyRequest;
  startedAt: number;
  /** When the model's abort signal fired (the caller aborted, or stopped reading early); null if it never did. */
  abortedAt: number | null;
  /** When the model stopped producing: finished, failed, or wound down after an abort. */
  endedAt: number | null;
  /** Pieces handed out so far. */
  chunksSent: number;
  /** Resolves when the model's abort signal fires (never, if it does not). */
  aborted: Promise<void>;
  /** Resolves when the model has stopped producing (endedAt is set). */
  ended: Promise<void>;
}

export interface MockProvider extends LlmProvider {
  readonly kind: "mock";
  /** Every call so far, oldest first. */
  readonly calls: MockCall[];
  /** Every summarise() request so far, oldest first. */
  readonly summaries: SummaryRequest[];
  /** Replaces the script (unset fields take their defaults) for the calls that follow. */
  setScript(script: MockScript): void;
  /** Lets every call under the current script past its holdAfterChunks, now and later (until setScript). */
  release(): void;
}

export const DEFAULT_MOCK_CHUNKS = ["Hello", " from", " the", " mock", " model."];
export const DEFAULT_MOCK_SUMMARY = "Summary from the mock model.";

/** A scripted model for tests, driven through the same AI SDK path as the real provider. */
export function createMockProvider(script: MockScript = {}): MockProvider {
  let current = script;
  let hold = openable();
  const calls: MockCall[] = [];
  const summaries: SummaryRequest[] = [];

  function streamReply(request: ReplyRequest) {
    const aborted = openable();
    const ended = openable();
    const call: MockCall = {
      request,
      startedAt: Date.now(),
      abortedAt: null,
      endedAt: null,
      chunksSent: 0,
      aborted: aborted.opened,
      ended: ended.opened,
    };
    calls.push(call);
    const plan = current;
    const released = hold.opened;
    const model = createScriptedLanguageModel({
      provider: "mock",
      modelId: request.model,
      run: (options) => {
        const signal = options.abortSignal ?? new AbortController().signal;
        const noteAbort = () => {
          call.abortedAt ??= Date.now();
          aborted.open();
        };
        if (signal.aborted) noteAbort();
        else signal.addEventListener("abort", noteAbort, { once: true });
        return play(plan, call, signal, released, ended.open);
      },
      usage: (options, output) =>
        plan.usage ?? { inputTokens: Math.ceil(promptChars(options.prompt) / 4), outputTokens: output.chunks },
    });
    return streamModelReply(model, request);
  }

  return {
    kind: "mock",
    isDemo: false,
    calls,
    summaries,
    setScript(next) {
      current = next;
      hold = openable();
    },
    release() {
      hold.open();
    },
    upstreamModel: (_modelKey, providerModel) => providerModel,
    streamReply,
    async summarise(request) {
      summaries.push(request);
      const plan = current;
      if (plan.summaryGate) await plan.summaryGate;
      if (plan.summaryFails) throw new LlmError("mock summary failure", "upstream");
      return plan.summary ?? DEFAULT_MOCK_SUMMARY;
    },
  };
}

async function* play(
  plan: MockScript,
  call: MockCall,
  signal: AbortSignal,
  released: Promise<void>,
  onEnd: () => void,
): AsyncGenerator<string> {
  const chunks = plan.chunks ?? DEFAULT_MOCK_CHUNKS;
  const hangAfter = plan.hang ? 0 : plan.hangAfterChunks;
  try {
    for (let i = 0; ; i += 1) {
      if (signal.aborted) return;
      if (i === plan.failAfterChunks) throw new LlmError(`mock upstream failure after ${i} chunks`, "upstream");
      if (i === plan.malformedAfterChunks) throw new LlmError(`mock malformed chunk after ${i} chunks`, "malformed");
      if (i === hangAfter) {
        await sleep(Number.POSITIVE_INFINITY, signal);
        return;
      }
      if (i === plan.holdAfterChunks) {
        const stop = new AbortController();
        await Promise.race([released, sleep(Number.POSITIVE_INFINITY, AbortSignal.any([signal, stop.signal]))]);
        stop.abort();
        if (signal.aborted) return;
      }
      const piece = chunks[i];
      if (piece === undefined) return;
      await sleep(i === 0 ? (plan.firstChunkDelayMs ?? plan.chunkDelayMs ?? 0) : (plan.chunkDelayMs ?? 0), signal);
      if (signal.aborted) return;
      call.chunksSent += 1;
      yield piece;
    }
  } finally {
    call.endedAt = Date.now();
    onEnd();
  }
}

/** A promise and the function that resolves it. */
function openable(): { opened: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
