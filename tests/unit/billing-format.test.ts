import { describe, expect, it } from "vitest";
import { coinPackView } from "@/lib/billing/coin-rules";
import type { CoinProduct } from "@/lib/contracts/billing-client";
import {
  centsToAmount,
  currencyOf,
  discountPercent,
  formatExpiryDate,
  formatMoney,
  splitPlanPrice,
} from "@/lib/format/money";

describe("plan price", () => {
  it.each([
    ["$9.99/month", "$9.99", "month"],
    ["$89.99 / year", "$89.99", "year"],
    ["€5/week/extra", "€5", "week/extra"],
    ["Free", "Free", null],
    ["$0/", "$0", null],
  ])("%s is the amount before the slash and the period after it", (price, amount, period) => {
    expect(splitPlanPrice(price)).toEqual({ amount, period });
  });
});

describe("coin price (SPEC §9)", () => {
  it("is cents divided by 100 with 2 decimals", () => {
    expect(centsToAmount(899)).toBe("8.99");
    expect(centsToAmount(100)).toBe("1.00");
    expect(centsToAmount(5)).toBe("0.05");
    expect(centsToAmount(0)).toBe("0.00");
    expect(centsToAmount(123456)).toBe("1234.56");
  });

  it("is in USD when the currency is missing", () => {
    expect(currencyOf(undefined)).toBe("USD");
    expect(currencyOf("")).toBe("USD");
    expect(currencyOf(" eur ")).toBe("EUR");
    expect(formatMoney(899)).toBe("$8.99");
    expect(formatMoney(899, "usd")).toBe("$8.99");
    expect(formatMoney(1000, "EUR")).toBe("€10.00");
    expect(formatMoney(1050, "CHF")).toBe("10.50 CHF");
  });
});

describe("discount percent (SPEC §9)", () => {
  it("is round((1 - money / origin_money) * 100) when origin_money exceeds money", () => {
    expect(discountPercent(899, 999)).toBe(10);
    expect(discountPercent(1499, 1999)).toBe(25);
    expect(discountPercent(1, 3)).toBe(67);
    expect(discountPercent(0, 500)).toBe(100);
  });

  it("is absent otherwise", () => {
    expect(discountPercent(999, 999)).toBeNull();
    expect(discountPercent(1200, 999)).toBeNull();
    expect(discountPercent(0, 0)).toBeNull();
  });
});

describe("expiry (SPEC §9)", () => {
  it("is the local date of a timestamp in seconds", () => {
    // Built from local time, so the test holds in every time zone, including late in the evening.
    const lateEvening = new Date(2026, 5, 30, 23, 30).getTime() / 1000;
    expect(formatExpiryDate(lateEvening, "en-US")).toBe("June 30, 2026");
    const earlyMorning = new Date(2026, 6, 1, 0, 15).getTime() / 1000;
    expect(formatExpiryDate(earlyMorning, "en-US")).toBe("July 1, 2026");
  });
});

describe("coin package card", () => {
  const pack: CoinProduct = {
    product_id: "coins-1200",
    name: "Big pack",
    coin: 1200,
    money: 1499,
    origin_money: 1999,
    price: "$14.99",
    remind: "25% off",
    status: 1,
  };

  it("shows the name and the exact coins, the price, and the original price with the discount when discounted", () => {
    expect(coinPackView(pack)).toEqual({
      name: "Big pack",
      coins: "1,200",
      price: "$14.99",
      originalPrice: "$19.99",
      discountPercent: 25,
      // "25% off" says what the -25% badge says: left out.
      remind: "",
      available: true,
    });
    expect(coinPackView({ ...pack, remind: "-25%" }).remind).toBe("");
    expect(coinPackView({ ...pack, remind: "10% off" }).remind).toBe("10% off");
    expect(coinPackView({ ...pack, remind: "Best value" }).remind).toBe("Best value");
    expect(coinPackView({ ...pack, money: 1999, remind: "25% off" }).remind).toBe("25% off");
  });

  it("shows no original price or discount at full price, counts below 1000 as they are, status 0 disabled", () => {
    const view = coinPackView({ ...pack, coin: 550, money: 899, origin_money: 899, currency: "EUR", status: 0 });
    expect(view).toMatchObject({ coins: "550", price: "€8.99", originalPrice: null, discountPercent: null });
    expect(view.available).toBe(false);
    expect(coinPackView({ ...pack, coin: 2_500_000 }).coins).toBe("2,500,000");
  });
});
