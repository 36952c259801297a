import { errors } from "../../errors";
import type { KeyValueStore } from "../limits/key-value-store";

const HOUR = 3600_000;

/** Archives a user may download in an hour: each reads every chat and draws every character's card. */
export const ARCHIVES_PER_HOUR = 5;
/** Deletion attempts a user may make in an hour (a wrong confirmation counts). */
export const DELETE_ATTEMPTS_PER_HOUR = 5;

async function spend(store: KeyValueStore, key: string, limit: number): Promise<void> {
  const { count, resetMs } = await store.hit(key, HOUR);
  if (count > limit) throw errors.rateLimited(Math.max(1, Math.ceil(resetMs / 1000)));
}

export function spendArchive(store: KeyValueStore, userId: string): Promise<void> {
  return spend(store, `account-archive:${userId}`, ARCHIVES_PER_HOUR);
}

export function spendDeleteAttempt(store: KeyValueStore, userId: string): Promise<void> {
  return spend(store, `account-delete:${userId}`, DELETE_ATTEMPTS_PER_HOUR);
}
