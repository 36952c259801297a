/** What bench-stub.ts and the stub's worker thread (stub-worker.ts) say to each other. */
import { z } from "zod";

/** The stub's stats (OpenAiStubStats), each a counter in shared memory. */
export const STUB_STATS = ["requests", "completed", "aborted", "chunks"] as const;
/** The counters in shared memory, in this order: the stats, then the TLS handshakes the stub made. */
export const STUB_COUNTERS = [...STUB_STATS, "tlsFull", "tlsResumed"] as const;

export const stubRequestSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("last-request"), id: z.number() }),
  z.object({ type: z.literal("starts"), id: z.number(), from: z.number() }),
  z.object({ type: z.literal("start-count"), id: z.number() }),
  z.object({
    type: z.literal("until"),
    id: z.number(),
    stat: z.enum([...STUB_STATS, "accepted"]),
    count: z.number(),
  }),
  z.object({ type: z.literal("close"), id: z.number() }),
]);
export type StubRequest = z.infer<typeof stubRequestSchema>;
/** A request before the asking side gives it its id. */
export type StubQuestion = StubRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

/** An answer to the request of the same id; id 0 is the stub's address once it listens. */
export const stubReplySchema = z.object({ id: z.number(), value: z.unknown() });
export type StubReply = z.infer<typeof stubReplySchema>;

export const stubReadySchema = z.object({
  baseUrl: z.string(),
  port: z.number(),
  handles: z.number(),
  /** The thread's performance.timeOrigin: its performance.now() counts from there. */
  timeOrigin: z.number(),
});

export const stubStartsSchema = z.array(
  z.object({
    connectedAt: z.number(),
    reused: z.boolean(),
    receivedAt: z.number(),
    headAt: z.number(),
    firstWordAt: z.number().nullable(),
  }),
);
