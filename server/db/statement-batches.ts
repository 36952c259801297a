export interface StatementBatchOptions<I> {
  /** Batches running at once. */
  inFlight: number;
  /** The most requests in one batch; the rest wait for the next. */
  maxBatch: number;
  /** Requests with the same key never share a batch: a later one goes in a later batch, keeping its place. */
  keyOf?: (input: I) => string;
  /**
   * A batch's answers are given this many at a time, each group in a turn of the event loop of its own: what the
   * callers do next (a reply's prompt, its model request, its first frame) runs in those turns, not in one long
   * one that would hold up every open stream. Default: all at once.
   */
  settleAtOnce?: number;
  /**
   * How long a request that finds a slot free waits for others to go with it, asked each time. Default 0: to the end
   * of its turn of the event loop.
   */
  gatherMs?: () => number;
}

/**
 * Requests for one statement, taken together: at most `inFlight` batches run at once, and when one ends the next
 * takes every request that arrived meanwhile (up to `maxBatch`), in arrival order. A request that finds a slot free
 * waits only for the end of the event loop's turn (setImmediate; or `gatherMs`), so that the requests that came in
 * the same turn (a crowd's, read from their sockets in one go) go with it. A quiet server runs each request alone,
 * as if there were no batching; under a crowd one statement serves many, and the server writes, the database wakes
 * and parses, plans and commits once for them all (on PGlite, in this thread).
 *
 * `run` answers each input of a batch at its index (its value, or an Error for it alone), or throws to fail them all.
 */
export function createStatementBatches<I, O>(
  run: (inputs: I[]) => Promise<(O | Error)[]>,
  options: StatementBatchOptions<I>,
): (input: I) => Promise<O> {
  interface Waiting {
    input: I;
    resolve: (value: O) => void;
    reject: (err: unknown) => void;
  }
  let running = 0;
  let queue: Waiting[] = [];
  let startScheduled = false;

  const take = (): Waiting[] => {
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    const keys = new Set<string>();
    for (const waiting of queue) {
      const key = options.keyOf?.(waiting.input);
      if (batch.length < options.maxBatch && (key === undefined || !keys.has(key))) {
        if (key !== undefined) keys.add(key);
        batch.push(waiting);
      } else left.push(waiting);
    }
    queue = left;
    return batch;
  };

  const settle = (batch: Waiting[], answers: (O | Error)[], from: number): void => {
    const to = Math.min(batch.length, from + (options.settleAtOnce ?? batch.length));
    for (let i = from; i < to; i++) {
      const waiting = batch[i]!;
      const answer = answers[i];
      if (answer === undefined) waiting.reject(new Error("statement batch: no answer for a request"));
      else if (answer instanceof Error) waiting.reject(answer);
      else waiting.resolve(answer);
    }
    if (to < batch.length) setImmediate(() => settle(batch, answers, to));
  };

  const start = () => {
    running++;
    const batch = take();
    Promise.resolve()
      .then(() => run(batch.map((w) => w.input)))
      .then(
        (answers) => settle(batch, answers, 0),
        (err: unknown) => {
          for (const waiting of batch) waiting.reject(err);
        },
      )
      .finally(() => {
        running--;
        if (queue.length > 0) start();
      });
  };

  const startFree = () => {
    startScheduled = false;
    while (queue.length > 0 && running < options.inFlight) start();
  };
  const scheduleStart = () => {
    if (startScheduled) return;
    startScheduled = true;
    const wait = options.gatherMs?.() ?? 0;
    if (wait > 0) setTimeout(startFree, wait);
    else setImmediate(startFree);
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (running < options.inFlight) scheduleStart();
    });
}
