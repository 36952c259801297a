import type { Config } from "../../config";
import type { Db } from "../../db/types";
import { createSandboxProvider } from "./sandbox-provider";
import type { PaymentProvider } from "./types";

export type PaymentsSetup = { provider: PaymentProvider; off: null } | { provider: null; off: { reason: string } };

type PaymentsConfig = Pick<
  Config,
  | "NODE_ENV"
  | "PAYMENT_PROVIDER"
  | "PAYMENT_SANDBOX_ENABLED"
  | "PUBLIC_BASE_URL"
  | "PORT"
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
>;

/**
 * The payment provider chosen by PAYMENT_PROVIDER, or none (payments off: the order calls answer 503). The sandbox
 * takes anyone's "payment" with one click, so in production it runs only when PAYMENT_SANDBOX_ENABLED=true says a
 * person meant it.
 */
export function createPaymentProvider(config: PaymentsConfig, db: Db): PaymentsSetup {
  switch (config.PAYMENT_PROVIDER) {
    case "sandbox":
      if (config.NODE_ENV === "production" && config.PAYMENT_SANDBOX_ENABLED !== true) {
        return {
          provider: null,
          off: {
            reason:
              "PAYMENT_PROVIDER=sandbox is refused in production (anyone could pay with one click); " +
              "set PAYMENT_SANDBOX_ENABLED=true on a test site, or configure Stripe",
          },
        };
      }
      return { provider: createSandboxProvider(db, config), off: null };
    // ---- Stripe: built by the Stripe helper (issue 12), who replaces this case. ----
    case "stripe":
      throw new Error("PAYMENT_PROVIDER=stripe: the Stripe provider is not built yet");
  }
}
