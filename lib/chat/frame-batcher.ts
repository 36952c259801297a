/**
 * Collects streamed text and hands it on at most once per animation frame, so a fast stream costs one render per
 * frame rather than one per token.
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

const animationFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export function createFrameBatcher(
  emit: (text: string) => void,
  scheduler: FrameScheduler = animationFrames,
): FrameBatcher {
  let pending = "";
  let handle: number | null = null;

  const flush = () => {
    if (handle !== null) scheduler.cancel(handle);
    handle = null;
    if (!pending) return;
    const text = pending;
    pending = "";
    emit(text);
  };

  return {
    push(text) {
      pending += text;
      if (handle === null) {
        handle = scheduler.request(() => {
          handle = null;
          flush();
        });
      }
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
