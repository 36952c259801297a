/**
 * The response envelope: success `{ code: 0, msg: "success", data }`, failure `{ code: <non-zero>, msg, data: null }`.
 * Success is a body code of 200 or 0; a `status` field stands in when `code` is absent.
 *
 * This module is in every page's first-load JavaScript (through the API client), so it reads the envelope with
 * plain checks rather than zod; the strict zod schemas are in envelope-schemas.ts.
 */

const SUCCESS_CODES: readonly number[] = [0, 200];

export function isSuccessCode(code: unknown): boolean {
  return typeof code === "number" && SUCCESS_CODES.includes(code);
}

export interface ReadEnvelope {
  ok: boolean;
  code: number;
  /** Server message (msg, else message), undefined when absent or empty. */
  msg: string | undefined;
  data: unknown;
}

type Check = (value: unknown) => boolean;
const isNumber: Check = (v) => typeof v === "number" && Number.isFinite(v);
const isString: Check = (v) => typeof v === "string";

/** The loose envelope: each of these fields may be absent, but when present it has this type. */
const FIELD_CHECKS: ReadonlyArray<[string, Check]> = [
  ["code", isNumber],
  ["status", isNumber],
  ["msg", isString],
  ["message", isString],
];

/** Reads a parsed body; null when it is not an envelope (not an object, a field of the wrong type, or neither code nor status). */
export function readEnvelope(body: unknown): ReadEnvelope | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const env = body as Record<string, unknown>;
  for (const [name, check] of FIELD_CHECKS) {
    if (env[name] !== undefined && !check(env[name])) return null;
  }
  const code = (env.code ?? env.status) as number | undefined;
  if (code === undefined) return null;
  return {
    ok: isSuccessCode(code),
    code,
    msg: (env.msg as string | undefined) || (env.message as string | undefined) || undefined,
    data: env.data ?? null,
  };
}
