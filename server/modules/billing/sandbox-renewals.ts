import type { Logger } from "../../logger";
import {
  dueSandboxSubscriptions,
  endSandboxSubscription,
  renewSandboxSubscription,
  type SandboxSubscriptionRow,
} from "../../providers/payments/sandbox-side";
import { applyPaymentEvent, type FulfilmentDeps } from "./fulfilment";

const RENEW_EVERY_MS = 60_000;

async function notify(deps: FulfilmentDeps, sub: SandboxSubscriptionRow, eventId: string, type: string) {
  try {
    await applyPaymentEvent(deps, {
      provider: "sandbox",
      eventId,
      type,
      payload: { subscription: sub.ref, order_code: sub.orderCode },
      action: "sync-subscription",
      subscriptionRef: sub.ref,
    });
  } catch (err) {
    deps.logger.error("applying a sandbox subscription event failed", {
      event_id: eventId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

/**
 * The sandbox provider's clock: every active subscription whose period ended by `now` is renewed for one more
 * period (again while still due), or ended when it was cancelled at its period end, and each change is handed to
 * fulfilment as a sandbox event. Event ids are deterministic (per subscription and period), so a run repeated by
 * another instance or after a crash applies nothing twice. Tests move the clock by passing `now`.
 */
export async function runSandboxRenewals(
  deps: FulfilmentDeps,
  now = new Date(),
): Promise<{ renewed: number; ended: number }> {
  const done = { renewed: 0, ended: 0 };
  if (deps.provider.name !== "sandbox") return done;
  for (;;) {
    const due = await dueSandboxSubscriptions(deps.db, now);
    let progressed = false;
    for (const sub of due) {
      if (sub.cancelAtPeriodEnd) {
        if (await endSandboxSubscription(deps.db, sub.ref, now)) {
          done.ended++;
          progressed = true;
        }
        await notify(deps, sub, `sbx_end_${sub.ref}`, "subscription.ended");
      } else {
        if (await renewSandboxSubscription(deps.db, sub.ref, sub.currentPeriodEnd)) {
          done.renewed++;
          progressed = true;
        }
        await notify(deps, sub, `sbx_renew_${sub.ref}_${sub.currentPeriodEnd.getTime()}`, "subscription.renewed");
      }
    }
    if (!progressed) return done;
  }
}

/** Runs the sandbox's clock now and every minute until the returned stop() is called. */
export function scheduleSandboxRenewals(deps: FulfilmentDeps, logger: Logger): () => void {
  const run = () =>
    runSandboxRenewals(deps)
      .then(({ renewed, ended }) => {
        if (renewed + ended > 0) logger.info("sandbox subscriptions renewed or ended", { renewed, ended });
      })
      .catch((err: unknown) =>
        logger.error("sandbox renewals failed", { error: err instanceof Error ? err.message : String(err) }),
      );
  void run();
  const timer = setInterval(() => void run(), RENEW_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
