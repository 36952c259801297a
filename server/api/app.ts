import { Hono } from "hono";
import { isDatabaseUnavailable } from "../db/database-errors";
import { AppError, errors } from "../errors";
import { setAvatarHosts, setUploadedAvatarBase } from "../modules/avatars/avatar-policy";
import { s3Settings } from "../providers/storage/s3-settings";
import type { ApiDeps, ApiEnv } from "./context";
import { databaseUnavailable } from "./database-unavailable";
import { fail } from "./envelope";
import { optionalAuth } from "./middleware/auth";
import { parseInput } from "./middleware/parse-input";
import { rateLimit } from "./middleware/rate-limit";
import { apiResponseHeaders, compressWhenAccepted } from "./middleware/response-headers";
import { requestContext } from "./middleware/request-context";
import { verifySignature } from "./middleware/verify-signature";
import { accountRoutes } from "./routes-accounts";
import { analyticsCollectorRoutes } from "./routes-analytics-collector";
import { analyticsReadRoutes } from "./routes-analytics-read";
import { billingRoutes } from "./routes-billing";
import { catalogueRoutes } from "./routes-catalogue";
import { chatRoutes } from "./routes-chat";
import { chatChangeRoutes } from "./routes-chat-changes";
import { chatMemoryRoutes } from "./routes-chat-memory";
import { creationRoutes } from "./routes-creation";
import { favoriteRoutes } from "./routes-favorites";
import { fileRoutes } from "./routes-files";
import { oauthRoutes } from "./routes-oauth";
import { paymentSandboxRoutes } from "./routes-payment-sandbox";
import { stripeWebhookRoutes } from "./routes-stripe-webhook";
import { systemRoutes } from "./routes-system";
import { userRoutes } from "./routes-user";

/** The /v1 API. Routers stay thin: validate, call a module, answer in the envelope. */
export function createApi(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>().basePath("/v1");
  setAvatarHosts(deps.config.AVATAR_HOSTS);
  setUploadedAvatarBase(deps.storage.kind === "s3" ? (s3Settings(deps.config)?.publicUrl ?? null) : null);

  app.use(requestContext(deps));
  app.use(apiResponseHeaders(deps.config));
  app.use(compressWhenAccepted());
  app.use(rateLimit());
  app.use(parseInput(verifySignature));
  app.use(optionalAuth());

  app.route("/", systemRoutes());
  app.route("/", catalogueRoutes());
  app.route("/", accountRoutes());
  app.route("/", oauthRoutes());
  app.route("/", userRoutes());
  app.route("/", favoriteRoutes());
  app.route("/", chatRoutes());
  app.route("/", chatChangeRoutes());
  app.route("/", chatMemoryRoutes());
  app.route("/", creationRoutes());
  app.route("/", billingRoutes());
  app.route("/", paymentSandboxRoutes());
  app.route("/", stripeWebhookRoutes());
  app.route("/", fileRoutes());
  app.route("/", analyticsCollectorRoutes());
  app.route("/", analyticsReadRoutes());

  app.notFound((c) => fail(c, errors.notFound(`Not found: ${c.req.method} ${c.req.path}`)));
  app.onError((err, c) => {
    if (err instanceof AppError) return fail(c, err);
    if (isDatabaseUnavailable(err)) return databaseUnavailable(c, deps.logger, err);
    deps.logger.error("unhandled error", {
      reqId: c.get("requestId"),
      path: c.req.path,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
    return fail(c, new AppError(500, 500, "Internal server error"));
  });
  return app;
}
