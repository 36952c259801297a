import * as oidc from "openid-client";
import type { Config } from "../../config";

export type OAuthConfig = Pick<Config, "OAUTH_CLIENT_ID" | "OAUTH_CLIENT_SECRET" | "OAUTH_ISSUER">;

/** Third-party sign-in is on only when a client id is configured (the config requires its secret then). */
export function oauthEnabled(config: OAuthConfig): boolean {
  return Boolean(config.OAUTH_CLIENT_ID && config.OAUTH_CLIENT_SECRET);
}

/** Plain http is allowed only for a provider on this machine (tests, local development). */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

// One discovery per issuer and client per process; a failed discovery is forgotten so the next sign-in retries.
const CACHE_KEY = Symbol.for("kewl.oidcConfigurations");
function cache(): Map<string, Promise<oidc.Configuration>> {
  const g = globalThis as unknown as Record<symbol, Map<string, Promise<oidc.Configuration>> | undefined>;
  return (g[CACHE_KEY] ??= new Map());
}

/** The provider's discovered configuration with our client (client_secret_post). */
export function providerConfiguration(config: OAuthConfig): Promise<oidc.Configuration> {
  const clientId = config.OAUTH_CLIENT_ID ?? "";
  const key = `${config.OAUTH_ISSUER}\n${clientId}`;
  const cached = cache().get(key);
  if (cached) return cached;
  const issuer = new URL(config.OAUTH_ISSUER);
  const pending = oidc
    .discovery(
      issuer,
      clientId,
      undefined,
      oidc.ClientSecretPost(config.OAUTH_CLIENT_SECRET ?? ""),
      isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    )
    .catch((err: unknown) => {
      cache().delete(key);
      throw err;
    });
  cache().set(key, pending);
  return pending;
}
