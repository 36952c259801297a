import { out } from "./harness";
import type { StreamTiming } from "./sse-timing";

/**
 * `count` replies at once, unmeasured, so that the crowd meets a server whose hot paths are compiled: a cold one
 * has V8 compile them (on its helper threads, beside the main thread) in the middle of the crowd.
 */
export async function warmUp(count: number, reply: () => Promise<StreamTiming>): Promise<void> {
  if (count === 0) return;
  const runs = await Promise.all(Array.from({ length: count }, reply));
  const failed = runs.filter((r) => r.error).length;
  if (failed) out(`  note: ${failed} of the ${count} warming replies failed`);
}
