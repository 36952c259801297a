export interface OpenAiStubStats {
  /** Chat completion requests received (rejected ones included). */
  requests: number;
  /** Responses sent in full. */
  completed: number;
  /** Responses the client disconnected from before they were complete. */
  aborted: number;
  /** Streamed chunks of text (one word each) written so far, over all responses: the tokens a relay passed on. */
  chunks: number;
}

export interface OpenAiStub {
  /** e.g. "http://127.0.0.1:41234/v1" ("https://…" with `tls`) */
  baseUrl: string;
  port: number;
  /** The listening HTTP(S) server (the chat bench gives it more accepting handles: server/http/listen-handles.ts). */
  server: import("node:http").Server | import("node:https").Server;
  stats: OpenAiStubStats;
  /** The parsed JSON bodies of the accepted chat completion requests, oldest first. */
  requests: unknown[];
  /**
   * Each streamed reply's start, oldest first, in performance.now() of the stub's thread: when the stub took its
   * connection (over TLS, when the handshake was done), whether that connection had served a request before, when
   * the request reached the handler, when the response's head was written, and when its first word was (null
   * until then, and for a reply of no words). The first word is due one token delay after the head; how much later
   * it went out is the stub's own lag.
   */
  starts: Array<{
    connectedAt: number;
    reused: boolean;
    receivedAt: number;
    headAt: number;
    firstWordAt: number | null;
  }>;
  /**
   * Resolves once the counter has reached count: a stats field, or "accepted" (the length of `requests`; by then
   * the stub is answering that request, so a client that goes away counts as aborted).
   */
  until(stat: keyof OpenAiStubStats | "accepted", count: number): Promise<void>;
  close(): Promise<void>;
}

export declare function startOpenAiStub(options?: {
  port?: number;
  host?: string;
  tokenDelayMs?: number;
  apiKey?: string;
  /** Serve over TLS with this key and certificate chain (PEM). */
  tls?: { key: string | Buffer; cert: string | Buffer };
}): Promise<OpenAiStub>;
