/**
 * Replies being relayed in this process. Shutdown waits for them to settle after the HTTP server has closed
 * their connections, so their final rows (partial, refunds) are written before the database closes; at its
 * deadline it cuts those still open, each with an error message to its reader.
 */
const active = new Map<Promise<void>, () => void>();

/** Tracks a reply until `done` settles; `cut` ends it early with an error message (the server is stopping). */
export function trackReply(done: Promise<void>, cut: () => void): void {
  active.set(done, cut);
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
    Promise.allSettled([...active.keys()]),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

/** Cuts every open reply (each says so to its reader and is settled), then waits up to ms for them to settle. */
export async function cutActiveReplies(ms: number): Promise<void> {
  for (const cut of active.values()) cut();
  await settleActiveReplies(ms);
}
