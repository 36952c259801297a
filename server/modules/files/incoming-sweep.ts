import type { Logger } from "../../logger";
import type { LocalDiskStorage } from "../../providers/storage/local-disk-storage";

/** Uploads never verified are kept this long on the local disk (a ticket lives 5 minutes). */
const INCOMING_MAX_AGE_MS = 60 * 60_000;
const INCOMING_SWEEP_EVERY_MS = 15 * 60_000;

/** Deletes the local disk's unverified uploads past their age now and every 15 minutes (S3: a lifecycle rule). */
export function sweepIncomingUploads(storage: LocalDiskStorage, logger: Logger): void {
  const sweep = () =>
    storage.sweepIncoming(INCOMING_MAX_AGE_MS).then(
      (removed) => {
        if (removed) logger.info("unverified uploads removed", { removed });
      },
      (err: unknown) =>
        logger.warn("sweeping unverified uploads failed", { error: err instanceof Error ? err.message : String(err) }),
    );
  void sweep();
  setInterval(() => void sweep(), INCOMING_SWEEP_EVERY_MS).unref();
}
