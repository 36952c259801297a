import type { Config } from "../../config";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import { sweepExpiredRows, type RetentionPeriods } from "./retention-sweep";

const EVERY_MS = 10 * 60_000;

export function retentionPeriodsOf(config: Config): RetentionPeriods {
  return {
    captchaHours: config.RETENTION_CAPTCHA_HOURS,
    emailCodeHours: config.RETENTION_EMAIL_CODE_HOURS,
    accountTokenHours: config.RETENTION_ACCOUNT_TOKEN_HOURS,
    sessionDays: config.RETENTION_SESSION_DAYS,
    mailOutboxDays: config.RETENTION_MAIL_OUTBOX_DAYS,
  };
}

/** Runs the retention sweep now and every 10 minutes until the returned stop() is called. */
export function scheduleRetentionSweep(db: Db, periods: RetentionPeriods, logger: Logger): () => void {
  const run = () =>
    sweepExpiredRows(db, periods)
      .then((counts) => {
        if (Object.values(counts).some((n) => n > 0)) logger.info("expired rows deleted", counts);
      })
      .catch((err: unknown) =>
        logger.error("retention sweep failed", { error: err instanceof Error ? err.message : String(err) }),
      );
  void run();
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
