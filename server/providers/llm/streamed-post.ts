import { HTTPParser } from "http-parser-js";
import { chunkedBody, ChunkedCodingError, type ChunkedBody } from "./chunked-body";
import { afterSlot } from "./read-slots";
import type { UpstreamConnection, UpstreamPool } from "./upstream-pool";

/**
 * One HTTP/1.1 POST whose response body is handed on as it arrives, on a kept-alive connection of an UpstreamPool:
 * the reply's hot path (openai-chat-stream.ts). The response is parsed straight from the socket's reads: its head,
 * and a sized or until-close body, by http-parser-js; a chunked body by chunked-body.ts, which hands on ranges of
 * the reads rather than a copy of each chunk. `hold` stops reading for a while so that what the upstream sends
 * meanwhile is read in one system call. Reading 1,000 streamed replies of 300 pieces from the stub cost a client of
 * its own 24 µs a piece through node:http's response stream (whose socket keeps reading while paused), 16 µs this
 * way unpaced and 6-8 µs paced (bench/README.md, "Issue 16, third session").
 */

export interface PostRequest {
  /** Path and query on the pool's origin. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface ResponseReader {
  /** The status line and headers arrived. */
  onHead(status: number): void;
  /**
   * The body's next bytes, buf[start, end) (chunked coding taken off): valid during the call only, as the
   * connection's read buffer is used again for its next read.
   */
  onBody(buf: Buffer, start: number, end: number): void;
  /** Everything one read carried has been handed to onBody (not called for the read that ends the response). */
  onReadEnd(): void;
  /** The response ended; its connection went back to the pool when it could be kept. */
  onEnd(): void;
  /** The connection failed or closed before the response ended, the response was not HTTP, or a reader threw. */
  onError(error: Error): void;
}

export interface StreamedPost {
  /** Reads nothing for `ms` and up to a slot more (read-slots.ts): what arrives meanwhile is read in one go after. */
  hold(ms: number): void;
  /** Reads nothing until resume() (a reader that is behind). */
  pause(): void;
  resume(): void;
  /** Closes the connection at once; no reader callback comes after this. */
  destroy(): void;
}

const UNSAFE_HEADER_VALUE = /[\r\n\0]/;

/** What http-parser-js reads as chunked: the last transfer-encoding header's value is `chunked`. */
function isChunked(headers: string[]): boolean {
  let chunked = false;
  for (let i = 0; i + 1 < headers.length; i += 2) {
    if (headers[i]?.toLowerCase() === "transfer-encoding") chunked = headers[i + 1]?.toLowerCase() === "chunked";
  }
  return chunked;
}

function requestHead(pool: UpstreamPool, request: PostRequest): string {
  let head = `POST ${request.path} HTTP/1.1\r\nhost: ${pool.origin.host}\r\n`;
  for (const [name, value] of Object.entries(request.headers)) {
    if (UNSAFE_HEADER_VALUE.test(value) || UNSAFE_HEADER_VALUE.test(name))
      throw new Error(`header ${JSON.stringify(name)} holds a line break`);
    head += `${name}: ${value}\r\n`;
  }
  return `${head}content-length: ${Buffer.byteLength(request.body)}\r\n\r\n`;
}

export function streamedPost(pool: UpstreamPool, request: PostRequest, reader: ResponseReader): StreamedPost {
  const head = requestHead(pool, request);
  const parser = new HTTPParser(HTTPParser.RESPONSE);
  /** The chunked body's decoder, once the head said the body is chunked: it reads the rest of the answer. */
  let body: ChunkedBody | null = null;
  let connection: UpstreamConnection = pool.acquire();
  let received = false;
  let over = false;
  let complete = false;
  let informational = false;
  let keepAlive = false;
  let holding = false;

  parser[HTTPParser.kOnHeadersComplete] = (info) => {
    const status = info.statusCode;
    // 100 Continue, 103 Early Hints: the answer follows on the same connection.
    if (status >= 100 && status < 200 && status !== 101) {
      informational = true;
      return 1;
    }
    // A second answer to one request: read past, and the connection is not kept.
    if (complete) {
      keepAlive = false;
      return 1;
    }
    keepAlive = info.shouldKeepAlive;
    reader.onHead(status);
    if (status === 204 || status === 304) return 1;
    if (!isChunked(info.headers)) return 0;
    // 2: http-parser-js ends the message at the head and stops (onData hands the rest of the read to `body`).
    body = chunkedBody((buf, start, end) => {
      if (!over) reader.onBody(buf, start, end);
    });
    return 2;
  };
  parser[HTTPParser.kOnBody] = (chunk, offset, length) => {
    if (!complete && !over) reader.onBody(chunk, offset, offset + length);
  };
  parser[HTTPParser.kOnMessageComplete] = () => {
    if (informational) informational = false;
    // The head of a chunked body: the body is not over.
    else if (!body) complete = true;
  };

  const finish = (error: Error | null) => {
    if (over) return;
    over = true;
    pool.release(connection, error === null && keepAlive);
    if (error) reader.onError(error);
    else reader.onEnd();
  };
  const ended = () => finish(null);

  /** bytes[from, end) of a chunked body; false when the answer is over. */
  const readBody = (decoder: ChunkedBody, bytes: Buffer, from: number): boolean => {
    let after: number;
    try {
      after = decoder.feed(bytes, from, bytes.length);
    } catch (err) {
      // A reader's own failure goes on to onData's catch.
      if (!(err instanceof ChunkedCodingError)) throw err;
      finish(new Error(`the upstream's answer is not HTTP: ${err.message}`));
      return false;
    }
    if (over) return false;
    if (after < 0) return true;
    complete = true;
    // Whatever came after the answer is not kept on the connection.
    if (after < bytes.length) keepAlive = false;
    ended();
    return false;
  };

  const onData = (bytes: Buffer) => {
    if (over) return;
    received = true;
    try {
      // Where a chunked body starts in this read: 0 once the head is past, else after the head if it ends here.
      let from = 0;
      if (!body) {
        const parsed = parser.execute(bytes);
        if (over) return;
        if (complete) {
          // Whatever came after the answer is not kept on the connection.
          if (parsed instanceof Error) keepAlive = false;
          return ended();
        }
        if (parsed instanceof Error) return finish(new Error(`the upstream's answer is not HTTP: ${parsed.message}`));
        from = parsed;
      }
      if (!body || readBody(body, bytes, from)) reader.onReadEnd();
    } catch (err) {
      finish(err instanceof Error ? err : new Error(String(err)));
    }
  };
  const onClose = (error: Error | null) => {
    if (over) return;
    // A kept-alive connection the server closed while it was idle, before a byte of the answer: the request never
    // reached it, so it goes out once more on a new connection (as browsers do).
    if (!received && connection.reused) {
      pool.release(connection, false);
      return send(pool.acquire(true));
    }
    if (!error && !body) {
      // A body that runs until the connection closes ends here.
      parser.finish();
      if (complete) {
        keepAlive = false;
        return ended();
      }
    }
    finish(error ?? new Error("the connection closed before the response ended"));
  };
  const send = (next: UpstreamConnection) => {
    connection = next;
    next.onData = onData;
    next.onClose = onClose;
    next.socket.write(head + request.body);
  };
  send(connection);

  return {
    hold(ms) {
      if (over || holding || ms <= 0) return;
      holding = true;
      // Paused once this round of reads is over, not at once: a TLS socket hands over the records of one read in
      // one callback each, and pausing between them would hold back the rest.
      setImmediate(() => {
        if (over) return;
        connection.socket.pause();
        afterSlot(ms, () => {
          holding = false;
          if (!over) connection.socket.resume();
        });
      });
    },
    pause() {
      if (!over) connection.socket.pause();
    },
    resume() {
      if (over || holding) return;
      connection.socket.resume();
    },
    destroy() {
      if (over) return;
      over = true;
      pool.release(connection, false);
    },
  };
}
