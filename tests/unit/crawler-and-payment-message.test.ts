import { describe, expect, it } from "vitest";
import { isCrawler } from "@/lib/http/crawler";
import { readPaymentMessage } from "@/lib/payment/payment-message";

describe("isCrawler", () => {
  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "facebookexternalhit/1.1",
    "Twitterbot/1.0",
  ])("recognises %s", (ua) => expect(isCrawler(ua)).toBe(true));

  it.each([
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
    "",
  ])("lets people through: %s", (ua) => expect(isCrawler(ua)).toBe(false));
});

describe("readPaymentMessage", () => {
  const origin = "https://kewl.example";
  it("accepts same-origin objects with a known code", () => {
    expect(readPaymentMessage({ origin, data: { code: "payment-success" } }, origin)).toEqual({
      code: "payment-success",
    });
    expect(readPaymentMessage({ origin, data: { code: "payment-cancel" } }, origin)).toEqual({
      code: "payment-cancel",
    });
  });
  it.each([
    [{ origin: "https://evil.example", data: { code: "payment-success" } }],
    [{ origin, data: "payment-success" }],
    [{ origin, data: null }],
    [{ origin, data: { status: "payment-success" } }],
    [{ origin, data: { code: "payment-maybe" } }],
  ])("ignores anything else %#", (event) => {
    expect(readPaymentMessage(event, origin)).toBeNull();
  });
});
