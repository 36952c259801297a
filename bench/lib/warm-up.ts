import http from "node:http";
import { out } from "./harness";
import type { StreamTiming } from "./sse-timing";

/**
 * `count` replies at once, unmeasured, so that the crowd meets a server whose hot paths are compiled: a cold one
 * has V8 compile them (on its helper threads, beside the main thread) in the middle of the crowd. They go over
 * connections of their own, closed after each reply, so that the crowd opens as many new connections as it would
 * without the warming (with the bench's kept-alive agent, 256 kept sockets took their requests at once and the
 * others waited in the accept queue behind them for up to 1.3 s).
 */
export async function warmUp(count: number, reply: (via: http.Agent) => Promise<StreamTiming>): Promise<void> {
  if (count === 0) return;
  const fresh = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    const runs = await Promise.all(Array.from({ length: count }, () => reply(fresh)));
    const failed = runs.filter((r) => r.error).length;
    if (failed) out(`  note: ${failed} of the ${count} warming replies failed`);
  } finally {
    fresh.destroy();
  }
}
