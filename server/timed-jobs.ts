import type { ApiDeps } from "./api/context";
import { scheduleAnalyticsMaintenance } from "./modules/analytics/maintenance";
import { scheduleSandboxRenewals } from "./modules/billing/sandbox-renewals";
import { sweepInterruptedReplies } from "./modules/chat/interrupted-replies";
import { retentionPeriodsOf, scheduleRetentionSweep } from "./modules/retention/retention-schedule";

/**
 * The jobs that run on a clock in one process of the cluster (cluster/worker-slot.ts): the interrupted-reply
 * sweep, the sandbox provider's renewals, the collector's daily roll-ups and retention, and the retention of
 * captchas, e-mail codes, tokens, sessions and outbox mail. Returns stop().
 */
export function startTimedJobs(deps: ApiDeps): () => void {
  const { database, logger, payments, config } = deps;
  // Twice within a process's liveness: a crashed one's replies are settled within 1.5 times it.
  const stopSweeping = sweepInterruptedReplies(database.db, logger, Math.ceil(config.LIVENESS_TIMEOUT_MS / 2));
  // The sandbox provider's clock: renews and ends its subscriptions (a remote provider does this on its own side).
  const stopRenewals =
    payments?.name === "sandbox"
      ? scheduleSandboxRenewals({ db: database.db, provider: payments, logger }, logger)
      : () => undefined;
  // The collector's daily roll-ups and ANALYTICS_RETENTION_DAYS (its writer is flushed by stopServices).
  const stopAnalytics = scheduleAnalyticsMaintenance(database.db, config.ANALYTICS_RETENTION_DAYS, logger);
  // RETENTION_*: what the account flows and the mailer leave behind once it is of no more use.
  const stopRetention = scheduleRetentionSweep(database.db, retentionPeriodsOf(config), logger);
  return () => {
    stopSweeping();
    stopRetention();
    stopRenewals();
    stopAnalytics();
  };
}
