import { CREATION_CODES } from "../../../lib/contracts/creation";
import { AppError } from "../../errors";
import type { KeyValueStore } from "../limits/key-value-store";

const HOUR = 60 * 60_000;

/** Per user, fixed windows in the shared store: enough for real work, not for flooding the catalogue. */
export const CREATION_LIMITS = {
  create: { name: "create", limit: 10, windowMs: HOUR },
  update: { name: "update", limit: 60, windowMs: HOUR },
} as const;

/** Spends one of the user's creations or edits; 429 42905 with retry_after (seconds) when none is left. */
export async function spendCreationLimit(
  store: KeyValueStore,
  kind: keyof typeof CREATION_LIMITS,
  userId: string,
): Promise<void> {
  const rule = CREATION_LIMITS[kind];
  const { count, resetMs } = await store.hit(`creation:${rule.name}:${userId}`, rule.windowMs);
  if (count <= rule.limit) return;
  const retryAfter = Math.max(1, Math.ceil(resetMs / 1000));
  const what = kind === "create" ? "new characters" : "edits";
  throw new AppError(
    429,
    CREATION_CODES.CREATION_RATE_LIMITED,
    `Too many ${what} for now. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    { retry_after: retryAfter },
  );
}
