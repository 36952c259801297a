import type { Config } from "../config";
import { seedDemo } from "../db/seed/seed-demo";
import type { Logger } from "../logger";
import { loadRsaKeys } from "../modules/crypto/rsa-keys";
import { s3Settings } from "../providers/storage/s3-settings";
import { loadUploadSecret } from "../providers/storage/upload-secret";
import { openAppDatabase } from "../services";

/**
 * What the primary does once before it forks the workers: migrates the database and loads the demo catalogue, and
 * makes the generated keys (the password RSA key, the upload-ticket secret: in the database on Postgres, else
 * under DATA_DIR) so that N workers do not each generate one at the first start. The workers still run the same steps when they start, and find
 * nothing to do: migrations run under an advisory lock and the seed under its own (several machines stay safe).
 */
export async function prepareShared(config: Config, logger: Logger): Promise<void> {
  const database = await openAppDatabase(config, logger, 1);
  try {
    logger.info("database migrated", { driver: database.driver });
    if (config.SEED_DEMO) {
      const result = await seedDemo(database.db);
      if (result.seeded) logger.info("demo catalogue loaded", { characters: result.characters });
    }
    await loadRsaKeys(config, database.db);
    if (!s3Settings(config)) await loadUploadSecret(config, database.db);
  } finally {
    await database.close();
  }
}
