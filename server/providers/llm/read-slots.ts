/**
 * One timer for every held read that is due in the same slot of time. A held reply resumes its upstream socket at
 * the end of the SLOT_MS slot its hold ends in, together with every other reply whose hold ends there: one timer
 * and one turn of the event loop serve them all, and their reads come back from one `epoll_wait`. With a timer
 * each, 1,000 replies held 100 ms at a time woke the loop about 10,000 times a second, a few reads each
 * (bench/README.md, "Issue 16, seventeenth session").
 */
export const SLOT_MS = 10;

const slots = new Map<number, (() => void)[]>();

/** Calls `fn` at the end of the slot that `ms` from now falls in (at most SLOT_MS later than `ms`). */
export function afterSlot(ms: number, fn: () => void): void {
  const now = performance.now();
  const slot = Math.ceil((now + ms) / SLOT_MS) * SLOT_MS;
  const due = slots.get(slot);
  if (due) {
    due.push(fn);
    return;
  }
  slots.set(slot, [fn]);
  setTimeout(runSlot, slot - now, slot);
}

function runSlot(slot: number): void {
  const due = slots.get(slot) ?? [];
  slots.delete(slot);
  // One callback's failure must not leave the others' sockets held: each runs, and a failure is thrown after.
  let failure: unknown = null;
  for (const fn of due) {
    try {
      fn();
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure !== null) throw failure;
}
