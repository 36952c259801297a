import * as oidc from "openid-client";
import type { Config } from "../../config";
import type { Db } from "../../db/types";
import { issueOAuthCode } from "./oauth-codes";
import { resolveOAuthUser } from "./oauth-users";
import { providerConfiguration } from "./oidc-client";
import type { OAuthAttempt } from "./state-cookie";

export const OAUTH_SCOPE = "openid email profile";

export function callbackUrl(base: string): string {
  return `${base}/v1/oauth/callback`;
}

/** A new attempt's secrets and the provider URL to send the browser to (PKCE S256, state, nonce). */
export async function beginSignIn(
  config: Config,
  base: string,
): Promise<{ attempt: Omit<OAuthAttempt, "exp">; url: string }> {
  const provider = await providerConfiguration(config);
  const verifier = oidc.randomPKCECodeVerifier();
  const attempt = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier };
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: callbackUrl(base),
    scope: OAUTH_SCOPE,
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: attempt.state,
    nonce: attempt.nonce,
  });
  return { attempt, url: url.href };
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value : null;
}

/**
 * Exchanges the provider's code (PKCE, expected state and nonce), finds or creates the user and answers our
 * one-time code. `search` is the callback's query string as received.
 */
export async function finishSignIn(
  db: Db,
  config: Config,
  base: string,
  search: string,
  attempt: OAuthAttempt,
): Promise<{ code: string; isNew: boolean }> {
  const provider = await providerConfiguration(config);
  const tokens = await oidc.authorizationCodeGrant(provider, new URL(`${callbackUrl(base)}${search}`), {
    pkceCodeVerifier: attempt.verifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error("the ID token has no subject");
  const { userId, isNew } = await resolveOAuthUser(db, {
    issuer: provider.serverMetadata().issuer,
    subject: claims.sub,
    email: text(claims.email),
    emailVerified: claims.email_verified === true,
    name: text(claims.name),
    picture: text(claims.picture),
  });
  return { code: await issueOAuthCode(db, userId, isNew), isNew };
}
