import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { viewerFromCookies, type Viewer } from "../../lib/age-gate/cookies";
import type { ApiEnv } from "./context";

export function viewerOf<E extends ApiEnv>(c: Context<E>): Viewer {
  return viewerFromCookies((name) => getCookie(c, name));
}
