/**
 * zod schemas of the response envelope, for contracts and tests. The browser reads envelopes with readEnvelope
 * (envelope.ts), which does not load zod.
 */
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { isSuccessCode } from "./envelope";

/** Loose envelope as received: every field optional, extra fields kept (what readEnvelope accepts). */
export const envelopeSchema = z.looseObject({
  code: z.optional(z.number()),
  status: z.optional(z.number()),
  msg: z.optional(z.string()),
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
export type RawEnvelope = z.infer<typeof envelopeSchema>;

/** Strict success envelope around a data schema (classic or mini). */
export function successEnvelope<T extends $ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.string(), data });
}

/** Strict failure envelope. */
export const failureEnvelopeSchema = z.object({
  code: z.number().check(z.refine((code) => !isSuccessCode(code), "failure code must not be 0 or 200")),
  msg: z.string(),
  data: z.null(),
});
