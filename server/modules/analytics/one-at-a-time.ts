/**
 * Runs CPU-bound jobs one after another, each in an event-loop turn of its own (setImmediate): between two jobs
 * the loop handles other sockets' I/O. The collector decodes and checks batches this way, so that a flood of
 * batches takes turns with the chat streams and the rest of the API instead of holding the loop for all of them
 * (each job is about a millisecond; fifty queued batches run back to back as microtasks would be fifty).
 */
export function oneAtATime(): <T>(job: () => T) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (job) => {
    const run = tail.then(
      () =>
        new Promise<ReturnType<typeof job>>((resolve, reject) =>
          setImmediate(() => {
            try {
              resolve(job());
            } catch (err) {
              reject(err);
            }
          }),
        ),
    );
    tail = run.catch(() => undefined);
    return run;
  };
}
