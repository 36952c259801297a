/**
 * Collects streamed text and hands it on at most once per animation frame, so a fast stream costs one render per
 * frame rather than one per token.
 *
 * Paced (the default), text that comes in bursts is shown evenly until the next burst is due. A busy server
 * gathers a reply's words into one socket write every 100-250 ms (server/modules/chat/frame-sink.ts), and shown as
 * they arrive they would jump in lines four times a second; spread over the time to the next write, they flow. It
 * costs a reader at most that gap (never over REVEAL_MAX_MS) of lag. The first text of a reply is shown at once,
 * and the rest at once when the reply ends (flush).
 */
export interface FrameBatcher {
  push(text: string): void;
  /** Emits whatever is pending now (before the end of a reply is applied). */
  flush(): void;
  /** Drops the pending frame callback (unmount). Pending text is emitted first. */
  dispose(): void;
  /** Drops the pending frame callback and the text it would have emitted (Stop: nothing more shows). */
  cancel(): void;
}

export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export interface FrameBatcherOptions {
  scheduler?: FrameScheduler;
  /** Milliseconds on a monotonic clock (performance.now). */
  now?: () => number;
  /** Spread bursts of text over the time to the next one (false: show each frame's text whole). */
  pace?: boolean;
}

/** Text arriving more often than this shows as it comes: pacing would not be seen. */
export const REVEAL_MIN_GAP_MS = 40;
/** A burst is never spread over longer than this, however long the gap before it (a model that paused). */
export const REVEAL_MAX_MS = 300;
/** While pacing, the text on screen changes at most this often (about 30 times a second): a render each time. */
export const REVEAL_STEP_MS = 32;

const animationFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/** The length of `text`'s first `count` UTF-16 units, moved past a surrogate pair it would split. */
function cutAt(text: string, count: number): number {
  if (count >= text.length) return text.length;
  const unit = text.charCodeAt(count - 1);
  return unit >= 0xd800 && unit <= 0xdbff ? count + 1 : count;
}

export function createFrameBatcher(
  emit: (text: string) => void,
  { scheduler = animationFrames, now = () => performance.now(), pace = true }: FrameBatcherOptions = {},
): FrameBatcher {
  let pending = "";
  let handle: number | null = null;
  let lastArrival: number | null = null;
  /** The expected time between bursts, from the last few (ms; 0 until there have been two). */
  let gap = 0;
  /** When text last went on screen (-Infinity: none of this reply yet). */
  let lastEmit = Number.NEGATIVE_INFINITY;

  const emitText = (text: string, at: number) => {
    lastEmit = at;
    emit(text);
  };

  const schedule = () => {
    if (handle === null) handle = scheduler.request(onFrame);
  };

  const flush = () => {
    if (handle !== null) scheduler.cancel(handle);
    handle = null;
    if (!pending) return;
    const text = pending;
    pending = "";
    emitText(text, now());
  };

  function onFrame() {
    handle = null;
    if (!pending) return;
    const at = now();
    const arrived = lastArrival ?? at;
    // All that is pending is on screen by the time the next burst is expected.
    const dueBy = arrived + gap;
    const firstText = lastEmit === Number.NEGATIVE_INFINITY;
    if (!pace || firstText || gap < REVEAL_MIN_GAP_MS || at >= dueBy) return flush();
    if (at - lastEmit < REVEAL_STEP_MS) return schedule();
    // An even rate to dueBy: this frame's share of the time left, counted from the last change on screen, or one
    // step when text comes after a quiet spell (all of it would go at once).
    const step = Math.min(at - lastEmit, Math.max(REVEAL_STEP_MS, at - arrived));
    const count = cutAt(pending, Math.max(1, Math.ceil((pending.length * step) / (dueBy - at + step))));
    const text = pending.slice(0, count);
    pending = pending.slice(count);
    emitText(text, at);
    if (pending) schedule();
  }

  return {
    push(text) {
      if (!text) return;
      const at = now();
      if (lastArrival !== null) {
        const since = Math.min(REVEAL_MAX_MS, at - lastArrival);
        gap = gap === 0 ? since : (gap + since) / 2;
      }
      lastArrival = at;
      pending += text;
      schedule();
    },
    flush,
    dispose: flush,
    cancel() {
      if (handle !== null) scheduler.cancel(handle);
      handle = null;
      pending = "";
    },
  };
}
