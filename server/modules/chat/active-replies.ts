/**
 * Replies being relayed in this process. Shutdown waits for them to settle after the HTTP server has closed
 * their connections, so their final rows (partial, refunds) are written before the database closes.
 */
const active = new Set<Promise<void>>();

export function trackReply(done: Promise<void>): void {
  active.add(done);
  void done.finally(() => active.delete(done));
}

export function activeReplyCount(): number {
  return active.size;
}

/** Resolves when every tracked reply has settled, or after ms, whichever is first. */
export async function settleActiveReplies(ms: number): Promise<void> {
  if (active.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...active]),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}
