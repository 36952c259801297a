import { deltaFrame } from "./relay-frames";

/**
 * A delta that arrives within this long of the last write waits and goes out with what follows it, in one socket
 * write (each piece keeps its own delta message). Every write is a system call of its own (`writev`, about 30 µs on a small VM, the
 * largest single cost of a relayed token: bench/README.md, "Chat relay"); a reader cannot tell 25 ms apart, and
 * the first delta never waits.
 */
export const COALESCE_MS = 25;

/** The reply's frames on their way to the response body, in order, with deltas coalesced into fewer writes. */
export interface FrameSink {
  /** A delta message; the first goes out at once, later ones may wait up to COALESCE_MS. */
  delta(text: string): void;
  /** Any other frame: the waiting deltas go first, then this, at once. */
  send(frame: string): void;
  /** Sends what is waiting and ends the body. */
  close(): void;
  /** The client went away: nothing more is sent. */
  cancel(): void;
}

const encoder = new TextEncoder();

export function createFrameSink(
  controller: ReadableStreamDefaultController<Uint8Array>,
  windowMs = COALESCE_MS,
): FrameSink {
  let waiting = "";
  let timer: NodeJS.Timeout | undefined;
  let lastWrite = 0;
  let sentDelta = false;
  let open = true;

  const write = (text: string) => {
    controller.enqueue(encoder.encode(text));
    lastWrite = Date.now();
  };
  const flush = () => {
    timer = undefined;
    if (!open || !waiting) return;
    const frames = waiting;
    waiting = "";
    write(frames);
  };
  const flushNow = () => {
    if (timer) clearTimeout(timer);
    flush();
  };

  return {
    delta(text) {
      if (!open) return;
      if (timer) {
        waiting += deltaFrame(text);
        return;
      }
      const wait = sentDelta ? lastWrite + windowMs - Date.now() : 0;
      sentDelta = true;
      if (wait <= 0) write(deltaFrame(text));
      else {
        waiting = deltaFrame(text);
        timer = setTimeout(flush, wait);
      }
    },
    send(frame) {
      if (!open) return;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const frames = waiting + frame;
      waiting = "";
      write(frames);
    },
    close() {
      if (!open) return;
      flushNow();
      open = false;
      controller.close();
    },
    cancel() {
      open = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      waiting = "";
    },
  };
}
