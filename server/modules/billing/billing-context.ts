import { BILLING_CODES } from "../../../lib/contracts/billing-codes";
import type { Config } from "../../config";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { PaymentProvider } from "../../providers/payments/types";
import type { KeyValueStore } from "../limits/key-value-store";

/** What the billing module needs from the process. */
export interface BillingDeps {
  db: Db;
  /** Null when payments are off (see create-payment-provider.ts). */
  payments: PaymentProvider | null;
  config: Config;
  logger: Logger;
  store: KeyValueStore;
}

/** The provider, or a 503 that says payments are off. */
export function requirePayments(deps: BillingDeps): PaymentProvider {
  if (!deps.payments) {
    throw new AppError(
      503,
      BILLING_CODES.PAYMENTS_UNAVAILABLE,
      "Payments are not available on this site right now. Please try again later.",
    );
  }
  return deps.payments;
}

export function providerFailed(): AppError {
  return new AppError(
    502,
    BILLING_CODES.PROVIDER_FAILED,
    "The payment provider did not answer. Please try again later.",
  );
}
