import { FILE_CODES } from "../../../lib/contracts/files";
import { AppError } from "../../errors";
import type { KeyValueStore } from "../limits/key-value-store";

/**
 * Per user and window: plenty for a person picking avatars, little for a script. Tickets bound the uploads; a
 * ticket's key can be written again until it expires, so verifications (sharp decoding up to 40 megapixels, the
 * costly step) have a budget of their own.
 */
export const UPLOAD_LIMITS = {
  ticket: { limit: 30, windowMs: 10 * 60_000 },
  verify: { limit: 30, windowMs: 10 * 60_000 },
} as const;

/** Spends one ticket or verification of the user's; 429 42904 with retry_after past the limit. */
export async function spendUploadLimit(
  store: KeyValueStore,
  kind: keyof typeof UPLOAD_LIMITS,
  userId: string,
): Promise<void> {
  const rule = UPLOAD_LIMITS[kind];
  const { count, resetMs } = await store.hit(`upload-${kind}:${userId}`, rule.windowMs);
  if (count <= rule.limit) return;
  throw new AppError(429, FILE_CODES.UPLOAD_RATE_LIMITED, "Too many uploads. Try again in a few minutes.", {
    retry_after: Math.max(1, Math.ceil(resetMs / 1000)),
  });
}
