import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/server/config";
import { createNonce, pageSecurityHeaders, type PageSecurityOptions } from "@/server/pages/security-headers";
import { storageOrigins } from "@/server/providers/storage/s3-settings";

let options: PageSecurityOptions | undefined;

function securityOptions(): PageSecurityOptions {
  if (!options) {
    const config = getConfig();
    const uploads = storageOrigins(config);
    options = {
      dev: config.NODE_ENV === "development",
      publicBaseUrl: config.PUBLIC_BASE_URL,
      // Inlined at build time, like in the browser bundle that calls it.
      apiBaseUrl: process.env.NEXT_PUBLIC_API_BASE_URL,
      analyticsUrl: config.ANALYTICS_SERVER_URL,
      avatarHosts: config.AVATAR_HOSTS,
      uploadImageOrigin: uploads.images,
      uploadPostOrigin: uploads.uploads,
    };
  }
  return options;
}

/**
 * Global route middleware: passes the path to server components (the 404 page names it) and gives every page its
 * security headers with a fresh CSP nonce. Next reads the nonce from the request's Content-Security-Policy header
 * and puts it on its own scripts; the root layout reads x-nonce for the theme script.
 */
export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const security = pageSecurityHeaders(nonce, securityOptions());
  const csp = security["Content-Security-Policy"]!;
  // set(), not append(): a client's own CSP or x-nonce request header must never reach the renderer.
  const headers = new Headers(request.headers);
  headers.set("x-pathname", request.nextUrl.pathname);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything Next answers except its hashed static files: any HTML it renders (a 404 under /icons/ too) gets
  // the headers. /v1 never reaches Next. Also left out:
  // the worker script (a page's CSP on it would bind the worker's own fetches) and the build's version file.
  matcher: ["/((?!_next/static|_next/image|v1/|sw\\.js|serwist/|build-version\\.json).*)"],
};
