import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { OAUTH_FAILED_CODE } from "../../lib/contracts/account-codes";
import { getAccTokenRequest } from "../../lib/contracts/accounts";
import { AppError, errors } from "../errors";
import { linkBase } from "../modules/accounts/context";
import { ACCOUNT_LIMITS, spendLimits } from "../modules/accounts/limits";
import { exchangeOAuthCode } from "../modules/oauth/oauth-codes";
import { oauthEnabled } from "../modules/oauth/oidc-client";
import { beginSignIn, finishSignIn } from "../modules/oauth/sign-in";
import {
  cookieKey,
  OAUTH_COOKIE,
  OAUTH_COOKIE_MAX_AGE_S,
  OAUTH_COOKIE_PATH,
  openAttempt,
  sealAttempt,
} from "../modules/oauth/state-cookie";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { accountsContext } from "./routes-accounts";
import { readBody } from "./validate";

export const OAUTH_FAILED_MESSAGE = "Sign-in failed. Please try again.";

function requireEnabled(c: Context<ApiEnv>): void {
  if (!oauthEnabled(c.get("deps").config)) throw errors.notFound(`Not found: ${c.req.method} ${c.req.path}`);
}

/** Third-party sign-in (SPEC §4): the popup's start and callback redirects, and the code exchange. */
export function oauthRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get("/oauth/config", (c) => {
    const { config } = c.get("deps");
    return ok(c, { enabled: oauthEnabled(config), provider_name: config.OAUTH_PROVIDER_NAME });
  });

  app.get("/oauth/start", async (c) => {
    requireEnabled(c);
    const ctx = accountsContext(c);
    const { attempt, url } = await beginSignIn(ctx.config, linkBase(ctx));
    setCookie(c, OAUTH_COOKIE, sealAttempt(await cookieKey(ctx.config), attempt), {
      httpOnly: true,
      sameSite: "Lax",
      path: OAUTH_COOKIE_PATH,
      maxAge: OAUTH_COOKIE_MAX_AGE_S,
      secure: c.get("protocol") === "https",
    });
    c.header("cache-control", "no-store");
    return c.redirect(url, 302);
  });

  app.get("/oauth/callback", async (c) => {
    requireEnabled(c);
    const ctx = accountsContext(c);
    const base = linkBase(ctx);
    const back = (params: Record<string, string>) => {
      deleteCookie(c, OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH, secure: c.get("protocol") === "https" });
      c.header("cache-control", "no-store");
      return c.redirect(`${base}/auth/callback?${new URLSearchParams(params).toString()}`, 302);
    };
    const providerError = c.req.query("error");
    if (providerError) return back({ error: /^[a-z_]{1,40}$/.test(providerError) ? providerError : "provider_error" });
    const attempt = openAttempt(await cookieKey(ctx.config), getCookie(c, OAUTH_COOKIE));
    if (!attempt || c.req.query("state") !== attempt.state || !c.req.query("code"))
      return back({ error: "invalid_state" });
    try {
      const { code, isNew } = await finishSignIn(ctx.db, ctx.config, base, new URL(c.req.url).search, attempt);
      return back({ code, is_new: String(isNew) });
    } catch (err) {
      ctx.logger.warn("oauth sign-in failed", { error: err instanceof Error ? err.message : String(err) });
      return back({ error: "exchange_failed" });
    }
  });

  app.post("/channel/getacctoken", async (c) => {
    const { code } = readBody(c, getAccTokenRequest);
    const ctx = accountsContext(c);
    const retry = await spendLimits(ctx.store, [[ACCOUNT_LIMITS.oauthCodeIp, ctx.ip]]);
    if (retry !== null) throw errors.rateLimited(retry);
    const accessToken = await exchangeOAuthCode(ctx.db, code);
    if (!accessToken) throw new AppError(400, OAUTH_FAILED_CODE, OAUTH_FAILED_MESSAGE);
    return ok(c, { access_token: accessToken });
  });

  return app;
}
