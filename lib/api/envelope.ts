/**
 * The response envelope: success `{ code: 0, msg: "success", data }`, failure `{ code: <non-zero>, msg, data: null }`.
 * Success is a body code of 200 or 0; a `status` field stands in when `code` is absent.
 */
// zod/mini (functional API, tree-shakeable): this module is in every page's first-load bundle via the API client.
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";

export const SUCCESS_CODES: readonly number[] = [0, 200];

export function isSuccessCode(code: unknown): boolean {
  return typeof code === "number" && SUCCESS_CODES.includes(code);
}

/** Loose envelope as received: every field optional, extra fields kept. */
export const envelopeSchema = z.looseObject({
  code: z.optional(z.number()),
  status: z.optional(z.number()),
  msg: z.optional(z.string()),
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
export type RawEnvelope = z.infer<typeof envelopeSchema>;

/** Strict success envelope around a data schema (classic or mini), for contracts and server tests. */
export function successEnvelope<T extends $ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.string(), data });
}

/** Strict failure envelope. */
export const failureEnvelopeSchema = z.object({
  code: z.number().check(z.refine((code) => !isSuccessCode(code), "failure code must not be 0 or 200")),
  msg: z.string(),
  data: z.null(),
});

export interface ReadEnvelope {
  ok: boolean;
  code: number;
  /** Server message (msg, else message), undefined when absent or empty. */
  msg: string | undefined;
  data: unknown;
}

/** Reads a parsed body; null when it is not an envelope (not an object, or neither code nor status). */
export function readEnvelope(body: unknown): ReadEnvelope | null {
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success) return null;
  const env = parsed.data;
  const code = env.code ?? env.status;
  if (code === undefined) return null;
  return {
    ok: isSuccessCode(code),
    code,
    msg: env.msg || env.message || undefined,
    data: env.data ?? null,
  };
}
