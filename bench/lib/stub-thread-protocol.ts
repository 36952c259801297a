/** What bench-stub.ts and the stub's worker thread (stub-worker.ts) say to each other. */
import { z } from "zod";

/** The stub's counters in shared memory, in this order: its stats, then the TLS handshakes it made. */
export const STUB_COUNTERS = ["requests", "completed", "aborted", "chunks", "tlsFull", "tlsResumed"] as const;

export const stubRequestSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("last-request"), id: z.number() }),
  z.object({ type: z.literal("starts"), id: z.number(), from: z.number() }),
  z.object({
    type: z.literal("until"),
    id: z.number(),
    stat: z.enum(["requests", "completed", "aborted", "chunks", "accepted"]),
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
