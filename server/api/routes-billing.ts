import { Hono, type Context } from "hono";
import { coinOrderQuery, orderCreateRequest, subscribeCancelRequest } from "../../lib/contracts/billing";
import type { BillingDeps } from "../modules/billing/billing-context";
import { listCoinOrders } from "../modules/billing/coin-orders";
import { createOrder } from "../modules/billing/orders";
import { listCoinProducts, listSubscriptionProducts } from "../modules/billing/products";
import { cancelSubscription, readSubscriptionInfo } from "../modules/billing/subscriptions";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth } from "./middleware/auth";
import { readBody, readQuery } from "./validate";

export function billingDeps<E extends ApiEnv>(c: Context<E>): BillingDeps {
  const { database, payments, store, config, logger } = c.get("deps");
  return { db: database.db, payments, store, config, logger };
}

/** The subscription and coin calls of SPEC §7. Product lists need no sign-in (a token is accepted). */
export function billingRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get("/subscribe/product", async (c) => {
    const deps = billingDeps(c);
    return ok(c, await listSubscriptionProducts(deps.db, deps.config));
  });

  app.post("/subscribe/create", requireAuth, async (c) => {
    const input = readBody(c, orderCreateRequest);
    return ok(c, await createOrder(billingDeps(c), c.get("user"), "subscription", input));
  });

  for (const path of ["/subscribe/find", "/subscribe/me"]) {
    app.get(path, requireAuth, async (c) => ok(c, await readSubscriptionInfo(billingDeps(c).db, c.get("user").id)));
  }

  app.post("/subscribe/cancel", requireAuth, async (c) => {
    readBody(c, subscribeCancelRequest);
    return ok(c, await cancelSubscription(billingDeps(c), c.get("user").id));
  });

  app.get("/buy_coin/product", async (c) => ok(c, await listCoinProducts(billingDeps(c).db)));

  app.post("/buy_coin/create", requireAuth, async (c) => {
    const input = readBody(c, orderCreateRequest);
    return ok(c, await createOrder(billingDeps(c), c.get("user"), "coins", input));
  });

  app.get("/buy_coin/find", requireAuth, async (c) => {
    const { order_code } = readQuery(c, coinOrderQuery);
    return ok(c, await listCoinOrders(billingDeps(c).db, c.get("user").id, order_code));
  });

  return app;
}
