import { describe, expect, it, vi } from "vitest";
import type { OrderCreated } from "@/lib/contracts/billing-client";
import { openPaymentTab, runCheckout, safePaymentUrl, type PaymentTab } from "@/lib/payment/checkout-tab";
import { listenForPaymentMessages } from "@/lib/payment/payment-message";

const ORIGIN = "https://kewl.example";

function fakeTab(closed = false) {
  const tab = { closed, close: vi.fn(), location: { replace: vi.fn() } };
  return tab satisfies PaymentTab;
}

const order = (patch: Partial<OrderCreated>): OrderCreated => ({
  redirect_uri: null,
  order_code: null,
  cancelled: false,
  resumed: false,
  ...patch,
});

describe("the payment tab", () => {
  it("opens /payment/loading in a new tab that keeps its opener", () => {
    const open = vi.fn(() => null);
    openPaymentTab(open);
    expect(open).toHaveBeenCalledWith("/payment/loading", "_blank");
  });

  it("is pointed at the payment page once the order exists", async () => {
    const tab = fakeTab();
    const navigate = vi.fn();
    const outcome = await runCheckout(
      tab,
      async () => order({ redirect_uri: "/payment/sandbox/ord_1", order_code: "ord_1" }),
      { origin: ORIGIN, navigate },
    );
    expect(outcome).toEqual({ type: "redirected" });
    expect(tab.location.replace).toHaveBeenCalledWith(`${ORIGIN}/payment/sandbox/ord_1`);
    expect(tab.close).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("is closed when the order cannot be created", async () => {
    const tab = fakeTab();
    const error = new Error("500");
    const outcome = await runCheckout(tab, () => Promise.reject(error), { origin: ORIGIN, navigate: vi.fn() });
    expect(outcome).toEqual({ type: "failed", error });
    expect(tab.close).toHaveBeenCalledOnce();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it.each([
    [order({ cancelled: true }), "cancelled"],
    [order({ resumed: true }), "resumed"],
    [order({}), "no-payment"],
  ] as const)("is closed when the server answers without a payment page (%#)", async (answer, type) => {
    const tab = fakeTab();
    expect(await runCheckout(tab, async () => answer, { origin: ORIGIN, navigate: vi.fn() })).toEqual({ type });
    expect(tab.close).toHaveBeenCalledOnce();
  });

  it("never loads a payment page that is not http(s)", async () => {
    const tab = fakeTab();
    const outcome = await runCheckout(tab, async () => order({ redirect_uri: "javascript:alert(1)" }), {
      origin: ORIGIN,
      navigate: vi.fn(),
    });
    expect(outcome.type).toBe("failed");
    expect(tab.close).toHaveBeenCalledOnce();
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(safePaymentUrl("https://checkout.stripe.com/c/pay/cs_1", ORIGIN)).toBe(
      "https://checkout.stripe.com/c/pay/cs_1",
    );
    expect(safePaymentUrl("data:text/html,hi", ORIGIN)).toBeNull();
  });

  it("without a tab (popup blocked) this window goes to the payment page", async () => {
    const navigate = vi.fn();
    await runCheckout(null, async () => order({ redirect_uri: "https://pay.example/x" }), { origin: ORIGIN, navigate });
    expect(navigate).toHaveBeenCalledWith("https://pay.example/x");
  });

  it("a tab the user closed meanwhile is left alone", async () => {
    const tab = fakeTab(true);
    await runCheckout(tab, async () => order({ redirect_uri: "https://pay.example/x" }), {
      origin: ORIGIN,
      navigate: vi.fn(),
    });
    expect(tab.location.replace).not.toHaveBeenCalled();
  });
});

describe("the opener's message listener", () => {
  function fakeWindow() {
    const target = new EventTarget();
    return Object.assign(target, { location: { origin: ORIGIN } });
  }
  const message = (data: unknown, origin = ORIGIN) => new MessageEvent("message", { data, origin });

  it("hears same-origin payment messages until unsubscribed", () => {
    const win = fakeWindow();
    const heard = vi.fn();
    const stop = listenForPaymentMessages(heard, win);
    win.dispatchEvent(message({ code: "payment-success" }));
    win.dispatchEvent(message({ code: "payment-cancel", extra: 1 }));
    expect(heard.mock.calls).toEqual([[{ code: "payment-success" }], [{ code: "payment-cancel" }]]);
    stop();
    win.dispatchEvent(message({ code: "payment-success" }));
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it("ignores other origins, non-objects, objects without a code and unknown codes", () => {
    const win = fakeWindow();
    const heard = vi.fn();
    listenForPaymentMessages(heard, win);
    win.dispatchEvent(message({ code: "payment-success" }, "https://evil.example"));
    win.dispatchEvent(message("payment-success"));
    win.dispatchEvent(message(null));
    win.dispatchEvent(message({ status: "payment-success" }));
    win.dispatchEvent(message({ code: "payment-maybe" }));
    expect(heard).not.toHaveBeenCalled();
  });
});
