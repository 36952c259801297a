/** Validating the envelope's data with a schema that may be loaded only when the answer arrives. */
import { toTransportError } from "./send";

/**
 * What the client needs from a response schema: a `safeParse`. Both classic `zod` and `zod/mini` schemas fit, so
 * first-load code can validate with zod/mini while server-shared contracts stay classic.
 */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/**
 * A response schema, or a function that loads one. The loader form keeps the schema's module (and zod) out of
 * first-load JavaScript: it is imported only when a response arrives, e.g.
 * `schema: () => import("@/lib/contracts/chat-client").then((m) => m.recentChatListSchema)`.
 */
export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

/** The schema itself, or the one its loader imports (a failed chunk load counts as a network error). */
export async function loadSchema<T>(source: SchemaSource<T>, signal?: AbortSignal): Promise<ResponseSchema<T>> {
  if (typeof source !== "function") return source;
  try {
    return await source();
  } catch (error) {
    throw toTransportError(error, signal);
  }
}
