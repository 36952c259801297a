import type { Db } from "../../db/types";

/** Runs the work given to it, at most a fixed number at once. */
export type Gate = <T>(work: () => Promise<T>) => Promise<T>;

/** Runs at most `size` of the work given to it at once; the rest waits its turn, in arrival order. */
export function createGate(size: number): Gate {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active < size) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot take it first.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

const gates = new WeakMap<Db, Gate>();

/**
 * New replies' context reads, at most `size` (the pool's connections) at once per database. The pool serves
 * statements in the order they are asked for, so under a crowd every new reply's context read went before the
 * turn of a reply that had its context already: no reply started until nearly all had been read. Gated, a reply's
 * turn waits behind at most `size` reads, and replies start in arrival order from the first second. With 1,000
 * sent at once: time to first token p50 6.5-7.4 → 5.2-5.4 s, event-loop delay p99 120-134 → 73-107 ms, p95 the
 * same (bench/README.md, "Issue 16, sixth session").
 */
export function contextReadGate(db: Db, size: number): Gate {
  let gate = gates.get(db);
  if (!gate) gates.set(db, (gate = createGate(size)));
  return gate;
}
