/** Third-party sign-in (SPEC §4, §7, §8): the provider config, the popup's code exchange and the session. */
import { z } from "zod";
import { apiGet, apiPost } from "@/lib/api";
import { REG_TYPE } from "@/lib/contracts/accounts";
import { appLogin, type SessionData } from "./account-api";
import { AUTH_MESSAGES } from "./messages";
import { waitForPopup } from "./oauth-popup";
import { THIRD_LOGIN_REG_TYPE_KEY } from "./storage";

const oauthConfigSchema = z.object({ enabled: z.boolean(), provider_name: z.string() });
export type OAuthConfig = z.infer<typeof oauthConfigSchema>;

export async function fetchOAuthConfig(): Promise<OAuthConfig> {
  return apiGet("/v1/oauth/config", undefined, { schema: oauthConfigSchema });
}

const accTokenSchema = z.object({ access_token: z.string() });

/** POST /v1/channel/getacctoken: the popup's one-time code for a single-use account token. */
async function exchangeOAuthCode(code: string): Promise<string> {
  const data = await apiPost(
    "/v1/channel/getacctoken",
    { code, callbackurl: `${window.location.origin}/auth/callback` },
    { schema: accTokenSchema },
  );
  return data.access_token;
}

/** The code's session: getacctoken, then app/login reg_type 102 with keep 1 for a new account. */
async function sessionFromOAuthCode(code: string, isNew: boolean): Promise<SessionData> {
  return appLogin(await exchangeOAuthCode(code), { keep: isNew ? 1 : 0, regType: REG_TYPE.THIRD_PARTY });
}

function setRegType(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(THIRD_LOGIN_REG_TYPE_KEY);
    else localStorage.setItem(THIRD_LOGIN_REG_TYPE_KEY, value);
  } catch {
    // storage blocked: nothing to remember
  }
}

export type OAuthOutcome = { ok: true; session: SessionData } | { ok: false; message: string };

/**
 * Waits for the (already opened) popup and completes the login. On any failure: reports the failure event,
 * closes the popup and removes the stored registration type (SPEC §8).
 */
export async function completeOAuthLogin(popup: Window | null): Promise<OAuthOutcome> {
  setRegType(String(REG_TYPE.THIRD_PARTY));
  let reason: unknown = "popup_blocked";
  if (popup) {
    const result = await waitForPopup(popup);
    if (result.ok) {
      try {
        return { ok: true, session: await sessionFromOAuthCode(result.code, result.isNew) };
      } catch (error) {
        reason = error;
      }
    } else {
      reason = result.reason;
    }
  }
  // The failure event: no analytics client exists yet, so it is only logged for now.
  console.warn("third-party login failed", reason);
  if (popup && !popup.closed) popup.close();
  setRegType(null);
  return { ok: false, message: AUTH_MESSAGES.thirdPartyFailed };
}
