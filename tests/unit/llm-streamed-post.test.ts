import type net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { streamChatCompletion } from "@/server/providers/llm/openai-chat-stream";
import { streamedPost, type ResponseReader } from "@/server/providers/llm/streamed-post";
import type { UpstreamConnection, UpstreamPool } from "@/server/providers/llm/upstream-pool";
import { bareReplyRequest } from "@/tests/support/reply-request";

/**
 * streamedPost over a connection whose reads the test hands in, split wherever it likes: the response parsing does
 * not depend on where the socket's reads happen to end. Real sockets: tests/integration/llm-upstream-pool.test.ts.
 */
function fakeConnection(reused: boolean) {
  const written: string[] = [];
  const paused: boolean[] = [];
  const socket = {
    write: (text: string) => written.push(text),
    pause: () => paused.push(true),
    resume: () => paused.push(false),
  } as unknown as net.Socket;
  const connection: UpstreamConnection = { socket, reused, onData: () => undefined, onClose: () => undefined };
  return { connection, written, paused };
}

/** A pool that hands out `first`, then new connections; `fresh` records what each acquire asked for. */
function harness(first = fakeConnection(false)) {
  const { connection, written, paused } = first;
  const handedOut: UpstreamConnection[] = [];
  const fresh: boolean[] = [];
  const released: boolean[] = [];
  const pool: UpstreamPool = {
    origin: new URL("http://upstream.test:8080"),
    acquire: (wantsFresh = false) => {
      fresh.push(wantsFresh);
      const next = handedOut.length === 0 ? connection : fakeConnection(false).connection;
      handedOut.push(next);
      return next;
    },
    release: (_connection, keep) => released.push(keep),
    close: () => undefined,
  };
  const body: Buffer[] = [];
  const seen = {
    status: 0,
    /** The body's bytes so far, as UTF-8. */
    get text() {
      return Buffer.concat(body).toString("utf8");
    },
    reads: 0,
    ended: 0,
    error: null as Error | null,
  };
  const reader: ResponseReader = {
    onHead: (status) => (seen.status = status),
    // A copy: the range is valid during the call only (deliver overwrites the buffer after each read).
    onBody: (buf, start, end) => body.push(Buffer.from(buf.subarray(start, end))),
    onReadEnd: () => seen.reads++,
    onEnd: () => seen.ended++,
    onError: (error) => (seen.error = error),
  };
  return { written, paused, connection, handedOut, fresh, released, pool, reader, seen };
}

const TEXT = 'data: {"content":"Once upon a time — é, 🎉"}\n\ndata: [DONE]\n\n';

/** `bytes` as one chunk of chunked coding, its size line with `extension` (";ext=1") when given. */
const chunkOf = (bytes: Buffer, extension = "") =>
  Buffer.concat([Buffer.from(`${bytes.length.toString(16)}${extension}\r\n`), bytes, Buffer.from("\r\n")]);

function chunked(text: string, pieces: number): Buffer {
  const bytes = Buffer.from(text);
  const size = Math.ceil(bytes.length / pieces);
  const parts: Buffer[] = [
    Buffer.from("HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"),
  ];
  for (let at = 0; at < bytes.length; at += size) {
    parts.push(chunkOf(bytes.subarray(at, at + size), ";ext=1"));
  }
  parts.push(Buffer.from("0\r\n\r\n"));
  return Buffer.concat(parts);
}

/** Hands `bytes` over as two reads, split at `at`, each in a buffer the next read overwrites (as the pool's is). */
function deliver(connection: UpstreamConnection, bytes: Buffer, at: number) {
  const shared = Buffer.alloc(bytes.length);
  for (const part of [bytes.subarray(0, at), bytes.subarray(at)]) {
    if (!part.length) continue;
    part.copy(shared);
    connection.onData(shared.subarray(0, part.length));
    shared.fill(0);
  }
}

describe("streamedPost", () => {
  it("sends one HTTP/1.1 POST with the host, the headers and the body's length", () => {
    const { written, pool, reader } = harness();
    streamedPost(
      pool,
      { path: "/v1/chat/completions", headers: { accept: "text/event-stream" }, body: '{"é":1}' },
      reader,
    );
    expect(written).toEqual([
      'POST /v1/chat/completions HTTP/1.1\r\nhost: upstream.test:8080\r\naccept: text/event-stream\r\ncontent-length: 8\r\n\r\n{"é":1}',
    ]);
  });

  it("refuses a header value with a line break", () => {
    const { pool, reader } = harness();
    expect(() =>
      streamedPost(pool, { path: "/", headers: { authorization: "Bearer a\r\nx: y" }, body: "" }, reader),
    ).toThrow(/line break/);
  });

  it("reads a chunked body split at every byte, UTF-8 included, and keeps the connection", () => {
    const bytes = chunked(TEXT, 3);
    for (let at = 0; at <= bytes.length; at++) {
      const { connection, pool, reader, seen, released } = harness();
      streamedPost(pool, { path: "/", headers: {}, body: "" }, reader);
      deliver(connection, bytes, at);
      expect(seen, `split at ${at}`).toMatchObject({ status: 200, text: TEXT, ended: 1, error: null });
      expect(released).toEqual([true]);
    }
  });

  it("reads a body of a given length, and one that runs until the connection closes (not kept)", () => {
    const sized = harness();
    streamedPost(sized.pool, { path: "/", headers: {}, body: "" }, sized.reader);
    const body = Buffer.from("data: 1\n\n");
    sized.connection.onData(
      Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n\r\n`), body]),
    );
    expect(sized.seen).toMatchObject({ text: "data: 1\n\n", ended: 1, error: null });
    expect(sized.released).toEqual([true]);

    const open = harness();
    streamedPost(open.pool, { path: "/", headers: {}, body: "" }, open.reader);
    open.connection.onData(Buffer.from("HTTP/1.1 200 OK\r\nconnection: close\r\n\r\ndata: 1\n\n"));
    expect(open.seen).toMatchObject({ text: "data: 1\n\n", ended: 0, reads: 1 });
    open.connection.onClose(null);
    expect(open.seen).toMatchObject({ ended: 1, error: null });
    expect(open.released).toEqual([false]);
  });

  it("fails when the connection closes before the body's end, or the answer is not HTTP", () => {
    const cut = harness();
    streamedPost(cut.pool, { path: "/", headers: {}, body: "" }, cut.reader);
    cut.connection.onData(chunked(TEXT, 2).subarray(0, 120));
    cut.connection.onClose(null);
    expect(cut.seen.ended).toBe(0);
    expect(cut.seen.error?.message).toMatch(/closed before the response ended/);
    expect(cut.released).toEqual([false]);

    const garbage = harness();
    streamedPost(garbage.pool, { path: "/", headers: {}, body: "" }, garbage.reader);
    garbage.connection.onData(Buffer.from("SSH-2.0-OpenSSH_9.2\r\n\r\n"));
    expect(garbage.seen.error?.message).toMatch(/not HTTP/);
    expect(garbage.released).toEqual([false]);

    // A chunk longer than its size line says, in the read after the head and in the head's own read.
    const framing = Buffer.from("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n");
    for (const at of [framing.indexOf("3\r\n"), 0]) {
      const broken = harness();
      streamedPost(broken.pool, { path: "/", headers: {}, body: "" }, broken.reader);
      deliver(broken.connection, framing, at);
      expect(broken.seen.error?.message, `split at ${at}`).toMatch(/not HTTP: a chunk longer than its size/);
      expect(broken.seen.text).toBe("abc");
      expect(broken.released).toEqual([false]);
    }
  });

  it("does not keep a connection that sent more after a chunked answer", () => {
    const extra = harness();
    streamedPost(extra.pool, { path: "/", headers: {}, body: "" }, extra.reader);
    extra.connection.onData(Buffer.concat([chunked(TEXT, 2), Buffer.from("HTTP/1.1 200 OK\r\n")]));
    expect(extra.seen).toMatchObject({ status: 200, text: TEXT, ended: 1, error: null });
    expect(extra.released).toEqual([false]);
  });

  it("turns a reader that throws into an error, not an exception out of the socket's read", () => {
    const { connection, pool, seen, released } = harness();
    const reader: ResponseReader = {
      onHead: () => undefined,
      onBody: () => {
        throw new Error("reader broke");
      },
      onReadEnd: () => undefined,
      onEnd: () => undefined,
      onError: (error) => (seen.error = error),
    };
    streamedPost(pool, { path: "/", headers: {}, body: "" }, reader);
    expect(() => connection.onData(chunked(TEXT, 1))).not.toThrow();
    expect(seen.error?.message).toBe("reader broke");
    expect(released).toEqual([false]);
  });

  it("reads past 1xx answers, and ends a 204 without a body", () => {
    const early = harness();
    streamedPost(early.pool, { path: "/", headers: {}, body: "" }, early.reader);
    const bytes = Buffer.concat([
      Buffer.from("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </a>; rel=preload\r\n\r\n"),
      chunked(TEXT, 2),
    ]);
    for (let at = 0; at <= bytes.length; at += 7) {
      const split = harness();
      streamedPost(split.pool, { path: "/", headers: {}, body: "" }, split.reader);
      deliver(split.connection, bytes, at);
      expect(split.seen, `split at ${at}`).toMatchObject({ status: 200, text: TEXT, ended: 1, error: null });
    }
    const empty = harness();
    streamedPost(empty.pool, { path: "/", headers: {}, body: "" }, empty.reader);
    empty.connection.onData(Buffer.from("HTTP/1.1 204 No Content\r\n\r\n"));
    expect(empty.seen).toMatchObject({ status: 204, text: "", ended: 1, error: null });
    expect(empty.released).toEqual([true]);
  });

  it("sends the request again on a new connection when a kept one closes before a byte of the answer", () => {
    const reused = harness(fakeConnection(true));
    streamedPost(reused.pool, { path: "/", headers: {}, body: "{}" }, reused.reader);
    reused.connection.onClose(new Error("read ECONNRESET"));
    expect(reused.fresh).toEqual([false, true]);
    expect(reused.released).toEqual([false]);
    const [, retry] = reused.handedOut;
    retry?.onData(chunked(TEXT, 1));
    expect(reused.seen).toMatchObject({ status: 200, text: TEXT, ended: 1, error: null });

    // Not when part of the answer came, nor on a new connection: the upstream may have acted on the request.
    const midway = harness(fakeConnection(true));
    streamedPost(midway.pool, { path: "/", headers: {}, body: "{}" }, midway.reader);
    midway.connection.onData(chunked(TEXT, 2).subarray(0, 90));
    midway.connection.onClose(null);
    expect(midway.fresh).toEqual([false]);
    expect(midway.seen.error?.message).toMatch(/closed before the response ended/);

    const fresh = harness();
    streamedPost(fresh.pool, { path: "/", headers: {}, body: "{}" }, fresh.reader);
    fresh.connection.onClose(new Error("read ECONNRESET"));
    expect(fresh.fresh).toEqual([false]);
    expect(fresh.seen.error?.message).toBe("read ECONNRESET");
  });

  it("reads a chunked error answer into the OpenAI-compatible stream's error, a character split between chunks", async () => {
    const { connection, pool } = harness();
    const target = { url: new URL("http://upstream.test/v1/chat/completions"), pool };
    const stream = streamChatCompletion(target, bareReplyRequest(10));
    const body = Buffer.from(JSON.stringify({ error: { message: "Rate limit reached — réessayez" } }));
    const cut = body.indexOf(Buffer.from("é")) + 1;
    const answer = Buffer.concat([
      Buffer.from(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n",
      ),
      chunkOf(body.subarray(0, cut)),
      chunkOf(body.subarray(cut)),
      Buffer.from("0\r\n\r\n"),
    ]);
    deliver(connection, answer, answer.indexOf(Buffer.from("\r\n\r\n")) + 4 + 3);
    await expect(stream.pipeText(() => undefined)).rejects.toThrow("upstream HTTP 429: Rate limit reached — réessayez");
  });

  it("calls nothing after destroy, and does not keep the connection", () => {
    const { connection, pool, reader, seen, released } = harness();
    const post = streamedPost(pool, { path: "/", headers: {}, body: "" }, reader);
    post.destroy();
    connection.onData(chunked(TEXT, 1));
    connection.onClose(new Error("gone"));
    expect(seen).toMatchObject({ status: 0, text: "", ended: 0, error: null });
    expect(released).toEqual([false]);
  });
});

describe("reading paced by hold", () => {
  afterEach(() => vi.useRealTimers());

  it("pauses the socket once the round of reads is over, for the time asked, and ignores a hold during a hold", () => {
    vi.useFakeTimers();
    const { paused, pool, reader } = harness();
    const post = streamedPost(pool, { path: "/", headers: {}, body: "" }, reader);
    post.hold(100);
    post.hold(100);
    expect(paused).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(paused).toEqual([true]);
    vi.advanceTimersByTime(99);
    expect(paused).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(paused).toEqual([true, false]);
  });

  it("has the OpenAI-compatible stream hold after each read with text but the first, for the reader's window", async () => {
    vi.useFakeTimers();
    const { connection, paused, pool } = harness();
    const target = { url: new URL("http://upstream.test/v1/chat/completions"), pool };
    const stream = streamChatCompletion(target, bareReplyRequest(10));
    const pieces: string[] = [];
    const piped = stream.pipeText((piece) => pieces.push(piece), { holdMs: () => 40 });
    const event = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
    const read = (text: string) => {
      connection.onData(chunkOf(Buffer.from(text)));
      vi.advanceTimersByTime(0);
    };
    connection.onData(Buffer.from("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n"));
    read(event(""));
    read(event("Once"));
    expect(paused).toEqual([]);
    read(event(" upon") + event(" a"));
    expect(paused).toEqual([true]);
    vi.advanceTimersByTime(40);
    expect(paused).toEqual([true, false]);
    read(`${event(" time")}data: [DONE]\n\n`);
    connection.onData(Buffer.from("0\r\n\r\n"));
    await piped;
    expect(pieces).toEqual(["Once", " upon", " a", " time"]);
  });
});
