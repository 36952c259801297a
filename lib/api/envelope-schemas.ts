/**
 * The zod schema of the response envelope as received, for tests. The browser reads envelopes with readEnvelope
 * (envelope.ts), which does not load zod.
 */
import * as z from "zod/mini";

/** Loose envelope as received: every field optional, extra fields kept (what readEnvelope accepts). */
export const envelopeSchema = z.looseObject({
  code: z.optional(z.number()),
  status: z.optional(z.number()),
  msg: z.optional(z.string()),
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
