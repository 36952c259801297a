import { ACCOUNT_DATA_CODES } from "../../../lib/contracts/account-codes";
import { AppError } from "../../errors";
import { findSubscription } from "../billing/subscriptions";
import type { AccountDataDeps } from "./account-data-context";

const notCancelled = () =>
  new AppError(
    502,
    ACCOUNT_DATA_CODES.SUBSCRIPTION_NOT_CANCELLED,
    "Your subscription could not be cancelled just now, so nothing was deleted. Please try again later.",
  );

/**
 * Before an account is deleted: a subscription that still renews is cancelled at its provider, so nobody is
 * charged for an account that is gone. Throws (and nothing is deleted) when the provider cannot be reached.
 */
export async function stopRenewal(deps: AccountDataDeps, userId: string, now = new Date()): Promise<void> {
  const row = await findSubscription(deps.db, userId);
  if (!row || row.status !== 1 || row.currentPeriodEnd <= now || !row.providerRef) return;
  const provider = deps.payments;
  if (provider?.name !== row.provider) throw notCancelled();
  try {
    await provider.cancelAtPeriodEnd(row.providerRef);
  } catch (err) {
    deps.logger.error("cancelling a deleted account's subscription failed", {
      provider: row.provider,
      error: err instanceof Error ? err.message : String(err),
    });
    throw notCancelled();
  }
}
