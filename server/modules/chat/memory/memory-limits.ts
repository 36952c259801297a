/** How long a summariser may hold a chat's memory before another process may take over (it died, or hangs). */
export const SUMMARY_LEASE_MS = 5 * 60_000;
/** One summary request may take this long. */
export const SUMMARY_TIMEOUT_MS = 90_000;
/** After a failure, the next try waits RETRY_BASE_MS doubled per failure in a row, at most RETRY_MAX_MS. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
/** New turns per summary request, in estimated tokens (a bound on the operator's cost per request). */
export const SUMMARY_INPUT_MAX_TOKENS = 3000;
/** Requests per run; a run that has more to do leaves it for the next reply. */
export const SUMMARY_BATCHES_PER_RUN = 4;
/**
 * At most this many of the turns waiting to be summarised are read, the newest: a chat older than the memory
 * feature (or whose summaries failed for long) starts its memory from its recent past, not from its first turn.
 */
export const SUMMARY_BACKLOG_TURNS = 60;

/** Summaries written at once by one process (others wait their turn): a bound on its load and on the model's. */
export const SUMMARIES_PER_PROCESS = 2;

export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}
