/**
 * What the chat module needs from a language model: a streamed reply it can abort. Adapters: the
 * OpenAI-compatible HTTP API (any server speaking /v1/chat/completions) and the built-in offline demo model; tests
 * pass a scripted mock (tests/support/mock-model.ts), which production code never imports.
 */

export interface LlmMessage {
  role: "user" | "assistant";
  content: string;
}

/** The character and the exchange, for the offline demo model, which writes its reply from them. */
export interface DemoContext {
  characterName: string;
  userName: string;
  persona: string;
  scenario: string;
  greeting: string;
  userMessage: string;
}

export interface ReplyRequest {
  /** The upstream model id (chat_models.provider_model, or the LLM_MODELS mapping). */
  model: string;
  system: string;
  /** Oldest first; the last one is the user's new message. */
  messages: LlmMessage[];
  maxOutputTokens: number;
  abortSignal: AbortSignal;
  demo: DemoContext;
}

export interface ReplyUsage {
  inputTokens: number | null;
  outputTokens: number | null;
}

/**
 * How often pipeText's reader takes text: after a read that carried text (the first always goes at once), the
 * provider reads nothing for holdMs(), so what the model sends meanwhile comes in one read. A reader that
 * coalesces its writes over a window passes that window: one read per write. Providers that do not read a socket
 * ignore it.
 */
export interface ReadPacing {
  holdMs(): number;
}

export interface ReplyStream {
  /** Text deltas as they arrive. Throws LlmError on upstream failure or a malformed stream; stops on abort. */
  textStream: AsyncIterable<string>;
  /**
   * The same text handed to `onPiece` as it arrives, without a promise per piece (the relay's hot path): resolves
   * when the text has ended, or quietly on abort (no piece after it); rejects with LlmError as textStream throws.
   * A stream is read once: through textStream or through pipeText.
   */
  pipeText(onPiece: (piece: string) => void, pacing?: ReadPacing): Promise<void>;
  /** Token usage once the stream has ended (nulls when the upstream did not say). */
  usage(): Promise<ReplyUsage>;
}

/**
 * One summarisation of a chat's older turns (server/modules/chat/memory): `system` and `messages` are the prompt
 * for a real model; `demo` is the same material for the offline demo model, which summarises without one.
 */
export interface SummaryRequest {
  model: string;
  system: string;
  messages: LlmMessage[];
  maxOutputTokens: number;
  abortSignal: AbortSignal;
  demo: DemoSummaryContext;
}

export interface DemoSummaryContext {
  characterName: string;
  userName: string;
  /** The memory so far, which the new summary extends. */
  previousSummary: string;
  /** The turns to fold in, oldest first. */
  turns: LlmMessage[];
  /** The summary's length limit in characters. */
  maxChars: number;
}

export interface LlmProvider {
  /** Replies are written offline by the demo model: the model list names them as a demo. */
  readonly isDemo: boolean;
  /** The upstream model id for one of our model keys (its chat_models.provider_model as the fallback). */
  upstreamModel(modelKey: string, providerModel: string): string;
  streamReply(request: ReplyRequest): ReplyStream;
  /** The whole text of one summary (not streamed). Throws LlmError on upstream failure. */
  summarise(request: SummaryRequest): Promise<string>;
}

/** The providers a running server can have: createLlmProvider picks one from the configuration. */
export interface ConfiguredLlmProvider extends LlmProvider {
  readonly kind: "openai-compatible" | "demo";
}

/** An upstream failure, with a message safe to log (never shown raw to users). */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly kind: "upstream" | "malformed" | "timeout",
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "LlmError";
  }
}
