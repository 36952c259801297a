/** The account dialogs' code, loaded on demand (see account-dialogs.tsx). */
export const loadLoginDialog = () => import("./login-dialog");
export const loadEditProfileDialog = () => import("@/components/profile/edit-profile-dialog");

/** Both dialogs: prefetched once the page has settled, or when the user reaches for "Sign in". */
export function prefetchAccountDialogs(): Promise<unknown> {
  return Promise.all([loadLoginDialog(), loadEditProfileDialog()]);
}
