/**
 * A chat POST whose client goes away once the first text has arrived, like a tab closed mid-reply: the socket is
 * destroyed (its own connection, no keep-alive pool). Used by bench/chat-relay.ts to time how soon our server
 * closes its upstream request after that.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import type { BenchStub } from "./bench-stub";
import { out, percentile, sleep } from "./harness";
import { f1 } from "./stream-timings";

/** How soon the upstream request must be closed after the client left (the bound the chat tests once asserted). */
const GOAL_LEAVE_MAX_MS = 1000;

export type Left = { leftAt: number } | { error: string };

/** Resolves with performance.now() at the moment the connection was destroyed. Never rejects. */
export function leaveAfterFirstText(
  port: number,
  urlPath: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Left> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Left) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: urlPath,
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          accept: "text/event-stream",
          ...headers,
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          finish({ error: `HTTP ${res.statusCode}` });
          return;
        }
        res.setEncoding("utf8");
        let seen = "";
        res.on("data", (chunk: string) => {
          seen += chunk;
          if (!seen.includes('"type":"delta"')) return;
          req.destroy();
          finish({ leftAt: performance.now() });
        });
        res.on("end", () => finish({ error: "the reply ended before any text" }));
        res.on("error", () => undefined);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no text for ${timeoutMs} ms`)));
    req.on("error", (err) => finish({ error: `request failed: ${err.message}` }));
    req.end(body);
  });
}

/**
 * `count` clients, one after another, each gone after the first text (`leave`): prints how soon after each the stub
 * saw our server close its upstream request, against GOAL_LEAVE_MAX_MS (one not closed within 10 s counts apart).
 */
export async function measureLeaves(stub: BenchStub, count: number, leave: () => Promise<Left>): Promise<void> {
  const closedAfter: number[] = [];
  const failures: string[] = [];
  let notClosed = 0;
  for (let i = 0; i < count; i++) {
    const abortedBefore = stub.stats.aborted;
    const left = await leave();
    if ("error" in left) {
      failures.push(left.error);
      continue;
    }
    const closedAt = await Promise.race([stub.until("aborted", abortedBefore + 1), sleep(10_000).then(() => null)]);
    if (closedAt === null) notClosed++;
    else closedAfter.push(closedAt - left.leftAt);
  }
  const worst = closedAfter.length ? Math.max(...closedAfter) : Number.NaN;
  const met = notClosed === 0 && failures.length === 0 && worst <= GOAL_LEAVE_MAX_MS;
  out();
  out(`## Client leaves: ${count} relayed 300-word replies, each client gone after the first text, one after another`);
  out();
  out(
    `  upstream request closed after the client left: p50 ${f1(percentile(closedAfter, 50))} ms, p95 ${f1(percentile(closedAfter, 95))} ms, ` +
      `max ${f1(worst)} ms (goal <= ${GOAL_LEAVE_MAX_MS} ms) ${met ? "PASS" : "MISS"}`,
  );
  if (notClosed) out(`  NOT CLOSED within 10 s: ${notClosed}`);
  if (failures.length) out(`  FAILED: ${failures.length} requests (${[...new Set(failures)].join("; ")})`);
}
