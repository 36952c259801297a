import { activeReplyCount } from "./active-replies";
import { deltaFrame } from "./relay-frames";

/**
 * A piece of text that arrives within this long of the last write waits and goes out with what follows it, in one
 * socket write and one delta message. Every write is a system call of its own (`writev`, 15-30 µs on a small VM, the
 * largest single cost of a relayed token: bench/README.md, "Chat relay"); a reader cannot tell 25 ms apart, and the
 * first delta never waits.
 */
export const COALESCE_MS = 25;
/** The socket writes a second the process aims to stay under when many replies are open (see coalesceWindowMs). */
export const WRITES_PER_SECOND = 1_000;
/**
 * The longest a delta waits, however many replies are open (250 or more). The browser spreads what one write brings
 * over the time to the next (lib/chat/frame-batcher.ts), so four writes a second still show as flowing text; a
 * reader's text is at most this late. At 1,000 open on Postgres, 250 rather than 100 took a reply's socket writes
 * from 44 to 24 and the server's CPU per reply down by 15-20% (three pairs of runs: bench/README.md, "Issue 16,
 * twentieth session").
 */
export const MAX_COALESCE_MS = 250;

/**
 * How long a delta may wait for the next write with `openReplies` replies streaming in this process: COALESCE_MS
 * while they are few, then each reply's share of WRITES_PER_SECOND (200 ms at 200 open), so that the writes a
 * second stop growing with the crowd, up to MAX_COALESCE_MS. With 1,000 replies at a word every 15 ms, writev was
 * 28% of the server's CPU at a fixed 25 ms, 26% at 10,000 writes a second and 18% at 5,000 (bench/README.md).
 * With 200 open, 2,000 a second rather than 5,000 took a reply's socket writes from 115 to 52 and its server CPU
 * down by about a fifth on PGlite (bench/README.md, "Issue 16, fifteenth session"); 1,000 rather than 2,000 took
 * them from 48 to 29 and its CPU down by 7-9% (the relay's floor's by 9-24%) in three alternated pairs, with the first
 * token's p95 at 0.2-0.35 s either way ("Issue 16, twenty-second session"). The browser spreads each write's text over
 * the time to the next (lib/chat/frame-batcher.ts), so five writes a second still read as flowing text.
 */
export function coalesceWindowMs(openReplies: number): number {
  return Math.min(MAX_COALESCE_MS, Math.max(COALESCE_MS, (openReplies * 1000) / WRITES_PER_SECOND));
}

/** The reply's frames on their way to the response body, in order, with deltas coalesced into fewer writes. */
export interface FrameSink {
  /**
   * A piece of the reply's text. The pieces handed over in one round of I/O callbacks (one upstream read) go out
   * at its end; the first at once, later ones up to the coalescing window after the last write. The pieces of one
   * write are one delta message: the browser appends the text whatever the messages' sizes, and a message a piece
   * was 34 bytes of framing around a token of a few characters (most of a reply's bytes) and a JSON parse each in
   * the browser.
   */
  delta(text: string): void;
  /** Any other frame: the waiting text goes first (its delta), then this, at once. */
  send(frame: string): void;
  /** Sends what is waiting and ends the body. */
  close(): void;
  /** The client went away: nothing more is sent. */
  cancel(): void;
  /**
   * How long the provider may leave the upstream unread after a read with text (ReadPacing): the window once many
   * replies are open (one read per write), else 0. With few open the reads cost little, and a reply's end is not
   * held back up to a window (15% of a short reply's time).
   */
  readHoldMs(): number;
}

/**
 * Where a sink's frames go, as text: the Node response itself, or a web stream's controller where there is none (a
 * request called in-process). See reply-relay.ts.
 */
export interface FrameTarget {
  write(text: string): void;
  end(): void;
}

export function createFrameSink(
  target: FrameTarget,
  windowMs: () => number = () => coalesceWindowMs(activeReplyCount()),
): FrameSink {
  /** The text waiting for the next write. */
  let waiting = "";
  let timer: NodeJS.Timeout | undefined;
  let flushQueued = false;
  let lastWrite = 0;
  let sentDelta = false;
  let open = true;

  const write = (text: string) => {
    target.write(text);
    lastWrite = Date.now();
  };
  const flush = () => {
    timer = undefined;
    flushQueued = false;
    if (!open || !waiting) return;
    const text = waiting;
    waiting = "";
    write(deltaFrame(text));
  };

  return {
    delta(text) {
      if (!open || !text) return;
      waiting += text;
      if (timer || flushQueued) return;
      const wait = sentDelta ? lastWrite + windowMs() - Date.now() : 0;
      sentDelta = true;
      if (wait > 0) timer = setTimeout(flush, wait);
      else {
        // After this round of I/O callbacks: everything one upstream read carried (over several callbacks on a TLS
        // socket, one per record) goes out in one write.
        flushQueued = true;
        setImmediate(flush);
      }
    },
    send(frame) {
      if (!open) return;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const frames = waiting ? deltaFrame(waiting) + frame : frame;
      waiting = "";
      write(frames);
    },
    close() {
      if (!open) return;
      if (timer) clearTimeout(timer);
      flush();
      open = false;
      target.end();
    },
    cancel() {
      open = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      waiting = "";
    },
    readHoldMs() {
      const window = windowMs();
      return window > COALESCE_MS ? window : 0;
    },
  };
}
