import { errors } from "../../errors";
import type { KeyValueStore } from "../limits/key-value-store";

/** Card exports a client may ask for in a minute: each PNG is an image drawn and encoded by sharp. */
export const EXPORTS_PER_MINUTE = 30;
const MINUTE = 60_000;

/** Spends one export of the signed-in user, or of the address when signed out; 429 with retry_after past it. */
export async function spendExport(store: KeyValueStore, who: { userId?: string; ip: string }): Promise<void> {
  const key = who.userId ? `card-export:user:${who.userId}` : `card-export:ip:${who.ip}`;
  const { count, resetMs } = await store.hit(key, MINUTE);
  if (count > EXPORTS_PER_MINUTE) throw errors.rateLimited(Math.max(1, Math.ceil(resetMs / 1000)));
}
