/**
 * Which messages of a chat have left the model's context window, from the prompt just built: every message before
 * the oldest turn that went in. The turns are the newest ones of the chat (reply-context.ts), oldest first;
 * `sliced` when older messages exist beyond them (those never go in either). Null when nothing has left.
 *
 * The answer is an exclusive bound on message ids, so a turn deleted or hidden later does not move it.
 */
export function leftWindowBefore(
  turns: readonly { id: number }[],
  turnsLeftOut: number,
  sliced: boolean,
): number | null {
  if (turns.length === 0) return null;
  if (turnsLeftOut >= turns.length) return turns.at(-1)!.id + 1;
  if (turnsLeftOut > 0) return turns[turnsLeftOut]!.id;
  return sliced ? turns[0]!.id : null;
}

/** True when messages left the window that the memory has not summarised yet. */
export function hasUnsummarisedTurns(before: number | null, lastSummarised: number | null): boolean {
  return before !== null && before - 1 > (lastSummarised ?? 0);
}
