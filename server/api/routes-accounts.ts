import { Hono, type Context } from "hono";
import {
  appLoginRequest,
  reportRequest,
  resetPasswordRequest,
  resetTokenCheckRequest,
  testOutboxQuery,
} from "../../lib/contracts/accounts";
import { errors } from "../errors";
import type { AccountsContext } from "../modules/accounts/context";
import { appLogin } from "../modules/accounts/login";
import { checkResetToken, resetPassword } from "../modules/accounts/password-reset";
import { isInnerPath, runInnerPath } from "../modules/accounts/report";
import { listOutbox } from "../modules/mail/outbox";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { readBody, readQuery } from "./validate";

export function accountsContext(c: Context<ApiEnv>): AccountsContext {
  const { database, config, store, logger } = c.get("deps");
  return { db: database.db, config, store, logger, ip: c.get("clientIp") };
}

/** Accounts: the /channel/report proxy (allow-listed inner paths), app/login, reset_password (+ check), the test outbox. */
export function accountRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.post("/channel/report", async (c) => {
    const { url, param } = readBody(c, reportRequest);
    if (!isInnerPath(url)) throw errors.notFound(`Not found: ${url}`);
    return ok(c, await runInnerPath(accountsContext(c), url, param));
  });

  app.post("/app/login", async (c) => {
    const input = readBody(c, appLoginRequest);
    return ok(c, await appLogin(accountsContext(c), input));
  });

  app.post("/user/reset_password", async (c) => {
    const input = readBody(c, resetPasswordRequest);
    return ok(c, await resetPassword(accountsContext(c), input));
  });

  app.post("/user/reset_password/check", async (c) => {
    const { token } = readBody(c, resetTokenCheckRequest);
    return ok(c, await checkResetToken(accountsContext(c), token));
  });

  // TEST_OUTBOX_ENABLED only (end-to-end runs against a production build); otherwise an unknown path.
  app.get("/test/outbox", async (c) => {
    if (!c.get("deps").config.TEST_OUTBOX_ENABLED) throw errors.notFound(`Not found: ${c.req.method} ${c.req.path}`);
    const { email } = readQuery(c, testOutboxQuery);
    return ok(c, { list: await listOutbox(c.get("deps").database.db, email) });
  });

  return app;
}
