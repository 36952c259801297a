/**
 * The replies' phases in a bench server child (server/modules/chat/reply-phases.ts), collected from their
 * diagnostics channel for one window and summed up: when the replies reached each phase, in ms after the first
 * request arrived, and how long each reply took from one phase to the next.
 */
import diagnostics_channel from "node:diagnostics_channel";
import { REPLY_PHASE_CHANNEL, type ReplyPhase, type ReplyPhaseMessage } from "../../server/modules/chat/reply-phases";
import { percentile } from "./harness";

const PHASE_ORDER: ReplyPhase[] = ["received", "context-read", "model-asked", "turn-stored", "first-text"];

/** When the replies reached a phase, in ms after the first request arrived. */
export interface PhaseTimes {
  phase: ReplyPhase;
  count: number;
  p5: number;
  p50: number;
  p95: number;
  max: number;
}

/** How long the replies took from one phase to the next (or from `received` to the first text). */
export interface PhaseStep {
  from: ReplyPhase;
  to: ReplyPhase;
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface PhaseFigures {
  /** When the first request arrived (performance.now() in the server), or null with no replies. */
  origin: number | null;
  phases: PhaseTimes[];
  steps: PhaseStep[];
}

/** Listens to the phases from now on; `clear` starts a new window, `figures` sums it up. */
export function collectReplyPhases(): { clear(): void; figures(): PhaseFigures } {
  const replies = new Map<number, Partial<Record<ReplyPhase, number>>>();
  diagnostics_channel.subscribe(REPLY_PHASE_CHANNEL, (message) => {
    const { reply, phase, at } = message as ReplyPhaseMessage;
    let reached = replies.get(reply);
    if (!reached) replies.set(reply, (reached = {}));
    reached[phase] = at;
  });
  return { clear: () => replies.clear(), figures: () => summarise([...replies.values()]) };
}

function summarise(replies: Partial<Record<ReplyPhase, number>>[]): PhaseFigures {
  const origin = Math.min(...replies.flatMap((r) => (r.received === undefined ? [] : [r.received])));
  if (!Number.isFinite(origin)) return { origin: null, phases: [], steps: [] };
  const phases = PHASE_ORDER.flatMap((phase) => {
    const times = replies.flatMap((r) => (r[phase] === undefined ? [] : [r[phase] - origin]));
    if (times.length === 0) return [];
    const at = (q: number) => percentile(times, q);
    return [{ phase, count: times.length, p5: at(5), p50: at(50), p95: at(95), max: at(100) }];
  });
  const pairs: [ReplyPhase, ReplyPhase][] = [
    ["received", "context-read"],
    ["context-read", "model-asked"],
    ["model-asked", "turn-stored"],
    ["turn-stored", "first-text"],
    ["received", "first-text"],
  ];
  const steps = pairs.flatMap(([from, to]) => {
    const took = replies.flatMap((r) => {
      const a = r[from];
      const b = r[to];
      return a === undefined || b === undefined ? [] : [b - a];
    });
    if (took.length === 0) return [];
    const at = (q: number) => percentile(took, q);
    return [{ from, to, count: took.length, p50: at(50), p95: at(95), max: at(100) }];
  });
  return { origin, phases, steps };
}
