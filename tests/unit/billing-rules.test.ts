import { describe, expect, it } from "vitest";
import { purchaseDisabled, selectedPackId } from "@/lib/billing/coin-rules";
import { defaultPlanId, heldPlanOf, planAction, selectedPlanId, type HeldPlan } from "@/lib/billing/plan-rules";
import type { CoinProduct } from "@/lib/contracts/billing-client";

const plan = (product_id: string, status: number) => ({ product_id, status });
const FREE = plan("free", 2);
const PLUS = plan("plus", 1);
const PRO = plan("pro", 1);
const SOON = plan("soon", 0);
const held = (productId: string, status: number): HeldPlan => ({ productId, status, expireTimestamp: 1_800_000_000 });

describe("the subscription button (SPEC §4)", () => {
  it.each([
    ["nothing selected", null, null, "Select a Plan", true],
    ["a plan not held", PLUS, null, "Subscribe Now", false],
    ["a plan while another is held", PRO, held("plus", 1), "Subscribe Now", false],
    ["the held plan, active", PLUS, held("plus", 1), "Cancel Subscription", false],
    ["the held plan, cancelled or lapsed", PLUS, held("plus", 2), "Resubscribe", false],
    ["a coming-soon plan", SOON, null, "Coming Soon", true],
    ["the free plan", FREE, null, "Free to Use", true],
    ["the free plan while another is held", FREE, held("plus", 1), "Free to Use", true],
    [
      "an active plan that became coming soon can still be cancelled",
      SOON,
      held("soon", 1),
      "Cancel Subscription",
      false,
    ],
    ["a cancelled plan that became coming soon", SOON, held("soon", 2), "Coming Soon", true],
  ] as const)("%s", (_, selected, heldPlan, label, disabled) => {
    expect(planAction(selected, heldPlan, false)).toMatchObject({ label, disabled });
  });

  it("every action is disabled while a request is pending, with the same label", () => {
    expect(planAction(PLUS, null, true)).toEqual({ kind: "subscribe", label: "Subscribe Now", disabled: true });
    expect(planAction(PLUS, held("plus", 1), true)).toMatchObject({ label: "Cancel Subscription", disabled: true });
    expect(planAction(PLUS, held("plus", 2), true)).toMatchObject({ label: "Resubscribe", disabled: true });
  });
});

describe("the default plan (SPEC §4)", () => {
  it("is the first plan with status 1, else the first plan", () => {
    expect(defaultPlanId([FREE, PLUS, PRO, SOON], null)).toBe("plus");
    expect(defaultPlanId([SOON, FREE], null)).toBe("soon");
    expect(defaultPlanId([], null)).toBeNull();
  });

  it("is the held plan when it is listed", () => {
    expect(defaultPlanId([FREE, PLUS, PRO], "pro")).toBe("pro");
    expect(defaultPlanId([FREE, PLUS], "gone")).toBe("plus");
  });

  it("keeps the user's pick while it is listed and picks the default again when it disappears", () => {
    expect(selectedPlanId([FREE, PLUS, PRO], "free", "pro")).toBe("free");
    expect(selectedPlanId([FREE, PLUS], "pro", null)).toBe("plus");
    expect(selectedPlanId([FREE, PLUS, PRO], "gone", "pro")).toBe("pro");
    expect(selectedPlanId([FREE, PLUS], null, null)).toBe("plus");
  });
});

describe("the held plan", () => {
  it("comes from the subscription info's product and status", () => {
    expect(
      heldPlanOf({
        is_subscribe: true,
        product_info: { product_id: "plus" },
        subscribe_info: { status: 1, expire_timestamp: 1_800_000_000 },
      }),
    ).toEqual({ productId: "plus", status: 1, expireTimestamp: 1_800_000_000 });
    expect(heldPlanOf({ is_subscribe: false, product_info: null, subscribe_info: null })).toBeNull();
    expect(heldPlanOf(undefined)).toBeNull();
  });
});

describe("coin packages (SPEC §4, §5)", () => {
  const pack = (product_id: string, status: number): CoinProduct => ({
    product_id,
    name: product_id,
    coin: 100,
    money: 199,
    origin_money: 199,
    price: "$1.99",
    remind: "",
    status,
  });
  const packs = [pack("small", 1), pack("big", 1), pack("soon", 0)];

  it("nothing is selected until the user picks, and a coming-soon or vanished package cannot stay selected", () => {
    expect(selectedPackId(packs, null)).toBeNull();
    expect(selectedPackId(packs, "big")).toBe("big");
    expect(selectedPackId(packs, "soon")).toBeNull();
    expect(selectedPackId(packs, "gone")).toBeNull();
  });

  it("Purchase Now is disabled when nothing is selected or a request is pending", () => {
    expect(purchaseDisabled(null, false)).toBe(true);
    expect(purchaseDisabled("big", true)).toBe(true);
    expect(purchaseDisabled("big", false)).toBe(false);
  });
});
