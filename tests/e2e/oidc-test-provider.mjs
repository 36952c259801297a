/**
 * A real OpenID Connect provider (oidc-provider, development interactions) for the tests: any login id signs
 * in. The login id decides the claims: sub = the id; email = the id without an "unverified:" prefix,
 * email_verified = false when that prefix is present. Run directly it listens on 127.0.0.1:3211 for the
 * Playwright server at 127.0.0.1:3210 (see playwright.config.ts).
 */
import http from "node:http";
import { pathToFileURL } from "node:url";

export const TEST_CLIENT = { id: "kewl-test-client", secret: "kewl-test-secret-0123456789" };

/** Starts the provider; resolves with its issuer URL and a close function. */
export async function startOidcTestProvider({ port = 0, redirectUris }) {
  const { default: Provider } = await import("oidc-provider");
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: "client_secret_post",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    async findAccount(_ctx, id) {
      const unverified = id.startsWith("unverified:");
      const email = unverified ? id.slice("unverified:".length) : id;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email, email_verified: !unverified, name: "OIDC Tester" };
        },
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    conformIdTokenClaims: false,
    cookies: { keys: ["kewl-oidc-test-cookie-key"] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { issuer } = await startOidcTestProvider({
    port: Number(process.env.OIDC_TEST_PORT ?? 3211),
    redirectUris: [process.env.OIDC_TEST_REDIRECT_URI ?? "http://127.0.0.1:3210/v1/oauth/callback"],
  });
  console.log(`test OpenID provider at ${issuer}`);
}
