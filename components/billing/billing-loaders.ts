/** The billing dialogs' code, loaded on demand (see billing-dialogs.tsx). */
export const loadBillingDialogs = () => import("./billing-dialogs-content");

export function prefetchBillingDialogs(): void {
  void loadBillingDialogs().catch(() => undefined);
}
