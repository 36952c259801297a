import { describe, expect, it } from "vitest";
import { coinCostFor, priceReply, usageDay } from "@/server/modules/chat/metering";

const standard = { coinCost: 0, premium: false };
const premium = { coinCost: 2, premium: true };
const paidNonPremium = { coinCost: 3, premium: false };

describe("priceReply", () => {
  it("puts the free model on the daily allowance without a subscription and includes it with one", () => {
    expect(priceReply(standard, false)).toEqual({ kind: "allowance" });
    expect(priceReply(standard, true)).toEqual({ kind: "included" });
  });

  it("charges premium models their coin cost, halved (rounded up, at least 1) with a subscription", () => {
    expect(priceReply(premium, false)).toEqual({ kind: "coins", coins: 2 });
    expect(priceReply(premium, true)).toEqual({ kind: "coins", coins: 1 });
    expect(priceReply({ coinCost: 5, premium: true }, true)).toEqual({ kind: "coins", coins: 3 });
    expect(priceReply({ coinCost: 1, premium: true }, true)).toEqual({ kind: "coins", coins: 1 });
  });

  it("does not discount paid models that are not premium", () => {
    expect(priceReply(paidNonPremium, true)).toEqual({ kind: "coins", coins: 3 });
    expect(coinCostFor(paidNonPremium, true)).toBe(3);
    expect(coinCostFor(standard, false)).toBe(0);
  });
});

describe("usageDay", () => {
  it("counts in UTC days", () => {
    expect(usageDay(new Date("2026-11-21T23:59:59.999Z"))).toBe("2026-11-21");
    expect(usageDay(new Date("2026-11-22T00:00:00.000Z"))).toBe("2026-11-22");
  });
});
