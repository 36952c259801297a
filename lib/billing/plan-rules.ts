/**
 * The subscription dialog's rules (SPEC §4): which plan is selected when the user has not picked one, and what
 * the one action button says and does for the selected plan.
 */
import type { SubscriptionInfo, SubscriptionProduct } from "@/lib/contracts/billing-client";

/** Product status (SPEC §4): 0 coming soon, 1 default or recommended, 2 free. */
export const PRODUCT_STATUS = { COMING_SOON: 0, AVAILABLE: 1, FREE: 2 } as const;
/** Subscription status (SPEC §3): 1 active, 2 cancelled or lapsed. */
export const SUBSCRIPTION_STATUS = { ACTIVE: 1, CANCELLED: 2 } as const;

/** The plan the user holds (or held), with its status and paid-until time in seconds. */
export interface HeldPlan {
  productId: string;
  status: number;
  expireTimestamp: number;
}

export function heldPlanOf(info: SubscriptionInfo | null | undefined): HeldPlan | null {
  if (!info?.product_info || !info.subscribe_info) return null;
  return {
    productId: info.product_info.product_id,
    status: info.subscribe_info.status,
    expireTimestamp: info.subscribe_info.expire_timestamp,
  };
}

/** The held plan when listed, else the first plan with status 1, else the first plan; null for an empty list. */
export function defaultPlanId(
  plans: ReadonlyArray<Pick<SubscriptionProduct, "product_id" | "status">>,
  heldId: string | null,
): string | null {
  if (heldId !== null && plans.some((p) => p.product_id === heldId)) return heldId;
  return (plans.find((p) => p.status === PRODUCT_STATUS.AVAILABLE) ?? plans[0])?.product_id ?? null;
}

/** The user's pick while it is still listed; when it is gone (or there is none) the default is picked again. */
export function selectedPlanId(
  plans: ReadonlyArray<Pick<SubscriptionProduct, "product_id" | "status">>,
  picked: string | null,
  heldId: string | null,
): string | null {
  if (picked !== null && plans.some((p) => p.product_id === picked)) return picked;
  return defaultPlanId(plans, heldId);
}

export type PlanActionKind = "select" | "coming-soon" | "free" | "cancel" | "resubscribe" | "subscribe";

export interface PlanAction {
  kind: PlanActionKind;
  label: string;
  disabled: boolean;
}

const LABELS: Record<PlanActionKind, string> = {
  select: "Select a Plan",
  "coming-soon": "Coming Soon",
  free: "Free to Use",
  cancel: "Cancel Subscription",
  resubscribe: "Resubscribe",
  subscribe: "Subscribe Now",
};

function kindFor(selected: Pick<SubscriptionProduct, "product_id" | "status"> | null, held: HeldPlan | null) {
  if (!selected) return "select";
  const isHeld = held !== null && held.productId === selected.product_id;
  // An active plan can always be cancelled, whatever its product's status became since.
  if (isHeld && held.status === SUBSCRIPTION_STATUS.ACTIVE) return "cancel";
  if (selected.status === PRODUCT_STATUS.COMING_SOON) return "coming-soon";
  if (selected.status === PRODUCT_STATUS.FREE) return "free";
  if (isHeld && held.status === SUBSCRIPTION_STATUS.CANCELLED) return "resubscribe";
  return "subscribe";
}

/** The action button for the selected plan; every kind is disabled while a request is pending. */
export function planAction(
  selected: Pick<SubscriptionProduct, "product_id" | "status"> | null,
  held: HeldPlan | null,
  pending: boolean,
): PlanAction {
  const kind = kindFor(selected, held);
  const actionable = kind === "cancel" || kind === "resubscribe" || kind === "subscribe";
  return { kind, label: LABELS[kind], disabled: pending || !actionable };
}
