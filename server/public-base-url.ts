import type { Config } from "./config";

/**
 * Where links point (e-mails, the OAuth redirect_uri and return, payment returns): PUBLIC_BASE_URL, else the
 * address the server was started on. Never the request's Host or X-Forwarded-Host, which the sender chooses.
 */
export function publicBaseUrl(config: Pick<Config, "PUBLIC_BASE_URL" | "PORT">): string {
  return (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
}
