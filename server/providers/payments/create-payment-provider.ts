import type { Config } from "../../config";
import type { Db } from "../../db/types";
import { publicBaseUrl } from "../../public-base-url";
import { createSandboxProvider } from "./sandbox-provider";
import { createStripeProvider } from "./stripe-provider";
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
  | "STRIPE_API_URL"
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
      return { provider: createSandboxProvider(db), off: null };
    case "stripe":
      // parseConfig refuses PAYMENT_PROVIDER=stripe without both secrets; this only satisfies the types.
      if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
        return { provider: null, off: { reason: "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required" } };
      }
      return {
        provider: createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          publicBaseUrl: publicBaseUrl(config),
          apiUrl: config.STRIPE_API_URL,
        }),
        off: null,
      };
  }
}
