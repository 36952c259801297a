import path from "node:path";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { isLocalDiskStorage } from "../providers/storage/local-disk-storage";
import type { StorageProvider } from "../providers/storage/types";

/** Start-up warnings for settings that break when several instances serve one site (REDIS_URL hints at that). */
export function warnAboutInstances(config: Config, storage: StorageProvider, logger: Logger): void {
  if (config.REDIS_URL && isLocalDiskStorage(storage)) {
    logger.warn(
      "uploads go to this instance's local disk while REDIS_URL is set: with several instances an upload received " +
        "by one is not found by another; set S3_BUCKET (or share DATA_DIR/files between them)",
      { dir: path.join(config.dataDir, "files") },
    );
  }
  const inDatabase = !config.RSA_PRIVATE_KEY || (isLocalDiskStorage(storage) && !config.UPLOAD_SIGNING_SECRET);
  if (config.DATABASE_URL && !config.APP_SECRET && inDatabase) {
    logger.info("shared secrets are stored in the database unencrypted; set APP_SECRET to encrypt them");
  }
}
