import { describe, expect, it } from "vitest";
import { premiumCoins, rightsOf } from "@/server/modules/billing/plan-benefits";
import { coinCostFor, priceReply, usageDay } from "@/server/modules/chat/metering";

const standard = { coinCost: 0, premium: false };
const premium = { coinCost: 2, premium: true };
const paidNonPremium = { coinCost: 3, premium: false };
const half = { unlimitedStandard: true, premiumCoinPercent: 50 };
const quarter = { unlimitedStandard: true, premiumCoinPercent: 25 };
const discountOnly = { unlimitedStandard: false, premiumCoinPercent: 50 };

describe("priceReply", () => {
  it("puts the free model on the daily allowance unless the held plan lifts it", () => {
    expect(priceReply(standard, null)).toEqual({ kind: "allowance" });
    expect(priceReply(standard, half)).toEqual({ kind: "included" });
    expect(priceReply(standard, discountOnly)).toEqual({ kind: "allowance" });
  });

  it("charges premium models their coin cost, at the plan's percent (rounded up, at least 1) with a plan", () => {
    expect(priceReply(premium, null)).toEqual({ kind: "coins", coins: 2 });
    expect(priceReply(premium, half)).toEqual({ kind: "coins", coins: 1 });
    expect(priceReply({ coinCost: 5, premium: true }, half)).toEqual({ kind: "coins", coins: 3 });
    expect(priceReply({ coinCost: 10, premium: true }, quarter)).toEqual({ kind: "coins", coins: 3 });
    expect(priceReply({ coinCost: 8, premium: true }, quarter)).toEqual({ kind: "coins", coins: 2 });
    expect(priceReply({ coinCost: 1, premium: true }, quarter)).toEqual({ kind: "coins", coins: 1 });
    expect(priceReply({ coinCost: 7, premium: true }, { unlimitedStandard: false, premiumCoinPercent: 100 })).toEqual({
      kind: "coins",
      coins: 7,
    });
    expect(premiumCoins(9, 0)).toBe(1);
  });

  it("does not discount paid models that are not premium", () => {
    expect(priceReply(paidNonPremium, half)).toEqual({ kind: "coins", coins: 3 });
    expect(coinCostFor(paidNonPremium, half)).toBe(3);
    expect(coinCostFor(standard, null)).toBe(0);
  });
});

describe("rightsOf", () => {
  it("derives the card's rights from the benefits metering reads", () => {
    expect(rightsOf(half, 30)).toEqual([
      { name: "Unlimited replies on the Standard model", val: "1" },
      { name: "Premium models at 50% of the coin cost", val: "1" },
    ]);
    expect(rightsOf({ unlimitedStandard: false, premiumCoinPercent: 100 }, 30)).toEqual([
      { name: "30 free replies a day on the Standard model", val: "1" },
      { name: "Unlimited replies on the Standard model", val: "0" },
      { name: "Premium models at a lower coin cost", val: "0" },
    ]);
    expect(rightsOf({ unlimitedStandard: false, premiumCoinPercent: 0 }, 1)[0]).toEqual({
      name: "1 free reply a day on the Standard model",
      val: "1",
    });
    expect(rightsOf({ unlimitedStandard: false, premiumCoinPercent: 0 }, 0).map((r) => r.name)).toEqual([
      "Unlimited replies on the Standard model",
      "Premium models at 1 coin per reply",
    ]);
  });
});

describe("usageDay", () => {
  it("counts in UTC days", () => {
    expect(usageDay(new Date("2026-11-21T23:59:59.999Z"))).toBe("2026-11-21");
    expect(usageDay(new Date("2026-11-22T00:00:00.000Z"))).toBe("2026-11-22");
  });
});
