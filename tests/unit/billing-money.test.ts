import { describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config";
import type { Db } from "@/server/db/types";
import { formatMoney, orderDescription, periodText } from "@/server/modules/billing/money-text";
import { createPaymentProvider } from "@/server/providers/payments/create-payment-provider";

describe("prices as text", () => {
  it("writes cents with two decimals and the currency's symbol or code", () => {
    expect(formatMoney(899, "USD")).toBe("$8.99");
    expect(formatMoney(5, "usd")).toBe("$0.05");
    expect(formatMoney(100000, "EUR")).toBe("€1000.00");
    expect(formatMoney(1999, "CHF")).toBe("19.99 CHF");
    expect(formatMoney(0, "GBP")).toBe("£0.00");
  });

  it("names a plan's period and describes an order by what it sold", () => {
    expect([30, 365, 7, 1, 90].map(periodText)).toEqual(["month", "year", "week", "day", "90 days"]);
    expect(orderDescription({ kind: "subscription", money: 999, currency: "USD", coin: null, periodDays: 30 })).toBe(
      "$9.99/month",
    );
    expect(orderDescription({ kind: "coins", money: 899, currency: "USD", coin: 550, periodDays: null })).toBe(
      "550 coins",
    );
  });
});

describe("createPaymentProvider", () => {
  const db = {} as Db;
  const config = (env: Record<string, string>) => parseConfig({ NODE_ENV: "development", ...env });

  it("uses the sandbox by default", () => {
    expect(createPaymentProvider(config({}), db).provider?.name).toBe("sandbox");
  });

  it("refuses the sandbox in production unless PAYMENT_SANDBOX_ENABLED=true", () => {
    const off = createPaymentProvider(config({ NODE_ENV: "production" }), db);
    expect(off.provider).toBeNull();
    expect(off.off?.reason).toContain("PAYMENT_SANDBOX_ENABLED");
    expect(
      createPaymentProvider(config({ NODE_ENV: "production", PAYMENT_SANDBOX_ENABLED: "false" }), db).provider,
    ).toBeNull();
    const on = createPaymentProvider(config({ NODE_ENV: "production", PAYMENT_SANDBOX_ENABLED: "true" }), db);
    expect(on.provider?.name).toBe("sandbox");
  });
});
