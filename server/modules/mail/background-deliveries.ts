/**
 * Mail deliveries left to run after the request that started them answered (sendMail's `background`). Nothing
 * waits for them in normal running; settleBackgroundDeliveries() lets a caller know when their final status has
 * been recorded.
 */
const pending = new Set<Promise<unknown>>();

export function trackBackgroundDelivery(delivered: Promise<unknown>): void {
  pending.add(delivered);
  void delivered.finally(() => pending.delete(delivered));
}

export function backgroundDeliveryCount(): number {
  return pending.size;
}

/** Resolves when every background delivery started so far has recorded its status, or after ms, whichever is first. */
export async function settleBackgroundDeliveries(ms: number): Promise<void> {
  if (pending.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...pending]),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}
