/** The reset-password page's call (POST /v1/user/reset_password), as an outcome. */
import { ApiError } from "@/lib/api/errors";
import { RESET_TOKEN_INVALID_CODE } from "@/lib/contracts/accounts";
import { isNetworkError, resetPassword } from "./account-api";
import { AUTH_MESSAGES, NETWORK_ERROR_MESSAGE } from "./messages";
import { encryptPassword } from "./rsa";

export type ResetOutcome = { ok: true; email: string } | { ok: false; invalidLink: boolean; message: string };

/** Encrypts like the login step (the server's fetched key), then resets. 12010 means the link is unusable. */
export async function submitPasswordReset(
  token: string,
  password: string,
  publicKey: () => Promise<string | null>,
): Promise<ResetOutcome> {
  try {
    const { email } = await resetPassword(token, await encryptPassword(password, await publicKey()));
    return { ok: true, email };
  } catch (error) {
    if (error instanceof ApiError && error.code === RESET_TOKEN_INVALID_CODE) {
      return { ok: false, invalidLink: true, message: AUTH_MESSAGES.resetLinkInvalid };
    }
    return {
      ok: false,
      invalidLink: false,
      message: isNetworkError(error) ? NETWORK_ERROR_MESSAGE : AUTH_MESSAGES.resetFailed,
    };
  }
}
