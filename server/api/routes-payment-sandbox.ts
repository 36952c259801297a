import { Hono } from "hono";
import { sandboxCheckoutQuery, sandboxOrderRequest } from "../../lib/contracts/billing";
import { cancelSandbox, paySandbox, readSandboxCheckout } from "../modules/billing/sandbox-checkout";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth } from "./middleware/auth";
import { billingDeps } from "./routes-billing";
import { readBody, readQuery } from "./validate";

/**
 * The sandbox provider's payment page calls (/payment/sandbox/{order_code}): the order's owner only (404 for
 * anyone else's order), and only while PAYMENT_PROVIDER is the sandbox (404 otherwise).
 */
export function paymentSandboxRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get("/payment/sandbox/checkout", requireAuth, async (c) => {
    const { order_code } = readQuery(c, sandboxCheckoutQuery);
    return ok(c, await readSandboxCheckout(billingDeps(c), c.get("user").id, order_code));
  });

  app.post("/payment/sandbox/pay", requireAuth, async (c) => {
    const { order_code } = readBody(c, sandboxOrderRequest);
    return ok(c, await paySandbox(billingDeps(c), c.get("user").id, order_code));
  });

  app.post("/payment/sandbox/cancel", requireAuth, async (c) => {
    const { order_code } = readBody(c, sandboxOrderRequest);
    return ok(c, await cancelSandbox(billingDeps(c), c.get("user").id, order_code));
  });

  return app;
}
