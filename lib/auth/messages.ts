/** User-facing account messages (SPEC §8), verbatim. Validation messages live in lib/validation/auth-rules. */
export { NETWORK_ERROR_MESSAGE } from "@/lib/api/errors";

export const AUTH_MESSAGES = {
  captchaError: "Incorrect captcha. Please try again.",
  emailCodeError: "Incorrect email verification code. Please try again.",
  registrationFailed: "Registration failed. Please try again later.",
  passwordError: "Incorrect password. Please check and try again.",
  loginVerificationFailed: "Login verification failed. Please try again later.",
  loginFailed: "Login failed. Please try again later.",
  resetEmailFailed: "Failed to send reset password email. Please try again later.",
  resetLinkSentTitle: "Reset link sent",
  resetLinkSentDescription: "Check your inbox for a link to reset your password.",
  loginSuccess: "Login successful!",
  thirdPartyFailed: "Sign-in failed. Please try again.",
  logoutSuccess: "Logged out successfully!",
  resetLinkInvalid: "This reset link is invalid or has expired.",
  resetDone: "Your password has been reset. You can now sign in.",
  resetFailed: "Could not reset your password. Please try again later.",
  passwordsDiffer: "Passwords do not match",
  profileUpdated: "Profile updated successfully",
  profileUpdateFailed: "Failed to update profile",
  tryLater: "Please try again later",
  idCheckFailedTitle: "Validation failed",
  idCheckFailedDescription: "Unable to verify ID availability. Please try again.",
} as const;

/** A refused sign-in with the wait the server sent: "… try again in 8 seconds." (minutes from 60 s, rounded up). */
export function tryAgainIn(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const [count, unit] = whole < 60 ? [whole, "second"] : [Math.ceil(whole / 60), "minute"];
  return `Too many attempts. Please try again in ${count} ${unit}${count === 1 ? "" : "s"}.`;
}

/** "Welcome back, {name or User}!" */
export function welcomeLine(name: string | null | undefined): string {
  return `Welcome back, ${name?.trim() || "User"}!`;
}

/** "See you soon, {name}!" (or without the name). */
export function goodbyeLine(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? `See you soon, ${trimmed}!` : "See you soon!";
}
