// @vitest-environment jsdom
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { writeSubscriptionProductsCache } from "@/lib/billing/product-cache";
import { formatExpiryDate } from "@/lib/format/money";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { fail, ok } from "../auth-fixtures";
import { FREE, holding, NOT_SUBSCRIBED, PLANS, PLUS, PRO, REDIRECT } from "../billing-fixtures";
import {
  actionButton,
  deferredRoute,
  EXPIRES,
  fakeTab,
  postPaymentMessage,
  radio,
  renderDialogs,
  resetBillingDialogsEachTest,
  signIn,
  toastTitles,
} from "./billing-dialogs-support";

resetBillingDialogsEachTest();

describe("Choose your subscription", () => {
  it("shows the spinner, then the plans with prices, rights and the default selection", async () => {
    const products = deferredRoute();
    renderDialogs({ "GET /v1/subscribe/product": products.handler });
    act(() => useDialogStore.getState().openSubscription());

    const dialog = screen.getByRole("dialog", { name: "Choose your subscription" });
    expect(within(dialog).getByText("Loading subscription plans...")).toBeTruthy();
    expect(actionButton().textContent).toBe("Select a Plan");
    expect(actionButton()).toHaveProperty("disabled", true);

    await products.requested;
    act(() => products.release(ok(PLANS)));
    const cards = await screen.findAllByTestId("plan-card");
    expect(cards.map((c) => c.dataset.position)).toEqual(["first", "second", "other", "other"]);
    const plus = cards[1]!;
    expect(within(plus).getByTestId("plan-amount").textContent).toBe("$9.99");
    expect(within(plus).getByTestId("plan-period").textContent).toBe("/month");
    expect(within(plus).getByTestId("plan-remind").textContent).toBe("Plus note");
    const rights = within(plus).getAllByTestId("plan-right");
    expect(rights.map((r) => r.textContent)).toEqual([
      "Included: Unlimited replies",
      "Included: Premium models at half price",
      "Not included: Longer memory",
    ]);
    expect(within(plus).queryByTestId("plan-expires")).toBeNull();

    // SPEC §4: the first plan with status 1 (Free is status 2).
    expect(radio(/^Plus/)).toHaveProperty("checked", true);
    expect(actionButton().textContent).toBe("Subscribe Now");
    expect(actionButton()).toHaveProperty("disabled", false);
  });

  it("the button follows the selected plan: Free to Use, Coming Soon, Subscribe Now", async () => {
    renderDialogs({ "GET /v1/subscribe/product": ok(PLANS) });
    act(() => useDialogStore.getState().openSubscription());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: /^Free/ }));
    expect(actionButton().textContent).toBe("Free to Use");
    expect(actionButton()).toHaveProperty("disabled", true);
    await user.click(radio(/^Studio/));
    expect(actionButton().textContent).toBe("Coming Soon");
    expect(actionButton()).toHaveProperty("disabled", true);
    await user.click(radio(/^Pro/));
    expect(actionButton().textContent).toBe("Subscribe Now");
  });

  it("preselects the held plan with its expiry; an active one is cancelled with the toasts and a reload", async () => {
    signIn();
    let info = holding(PRO.product_id, 1, EXPIRES);
    const api = renderDialogs({
      "GET /v1/subscribe/product": ok(PLANS),
      "GET /v1/subscribe/me": () => ok(info),
      "POST /v1/subscribe/cancel": () => {
        info = holding(PRO.product_id, 2, EXPIRES);
        return ok(info);
      },
    });
    act(() => useDialogStore.getState().openSubscription());

    await waitFor(() => expect(radio(/^Pro/)).toHaveProperty("checked", true));
    const pro = screen.getAllByTestId("plan-card")[2]!;
    expect(within(pro).getByTestId("plan-expires").textContent).toBe(`Expires: ${formatExpiryDate(EXPIRES)}`);
    expect(actionButton().textContent).toBe("Cancel Subscription");

    await userEvent.setup().click(actionButton());
    await waitFor(() => expect(actionButton().textContent).toBe("Resubscribe"));
    expect(toastTitles()).toEqual([
      "Subscription cancelled / Your subscription has been cancelled successfully / default",
    ]);
    expect(api.route("GET /v1/subscribe/me")).toHaveLength(2);
  });

  it("a failed cancel says so and keeps the plan", async () => {
    signIn();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderDialogs({
      "GET /v1/subscribe/product": ok(PLANS),
      "GET /v1/subscribe/me": ok(holding(PLUS.product_id, 1, EXPIRES)),
      "POST /v1/subscribe/cancel": fail(50000, "boom", 500),
    });
    act(() => useDialogStore.getState().openSubscription());
    await waitFor(() => expect(actionButton().textContent).toBe("Cancel Subscription"));
    await userEvent.setup().click(actionButton());
    await waitFor(() =>
      expect(toastTitles()).toEqual(["Failed to cancel subscription / Please try again later / destructive"]),
    );
    expect(actionButton()).toHaveProperty("disabled", false);
  });

  it("a plan list that cannot load is a destructive toast; subscription info failures are only logged", async () => {
    signIn();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderDialogs({
      "GET /v1/subscribe/product": fail(50000, "down", 500),
      "GET /v1/subscribe/me": fail(50000, "down", 500),
    });
    act(() => useDialogStore.getState().openSubscription());
    await waitFor(() =>
      expect(toastTitles()).toEqual(["Failed to load subscription data / Please try again later / destructive"]),
    );
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
    await waitFor(() => expect(warn).toHaveBeenCalledWith("subscription info could not be loaded", expect.anything()));
  });

  it("shows the cached list at once and replaces it with the refreshed one; a vanished pick goes back to the default", async () => {
    writeSubscriptionProductsCache({ product_list: [FREE, PLUS, PRO] });
    const products = deferredRoute();
    const api = renderDialogs({ "GET /v1/subscribe/product": products.handler });
    act(() => useDialogStore.getState().openSubscription());

    // No spinner: the cached plans are there before the request answers.
    expect(screen.getAllByTestId("plan-card")).toHaveLength(3);
    expect(screen.queryByText("Loading subscription plans...")).toBeNull();
    await userEvent.setup().click(radio(/^Pro/));
    await products.requested;
    expect(api.route("GET /v1/subscribe/product")).toHaveLength(1);

    const refreshed = { product_list: [FREE, { ...PLUS, name: "Plus+" }] };
    act(() => products.release(ok(refreshed)));
    await waitFor(() => expect(screen.getAllByTestId("plan-card")).toHaveLength(2));
    expect(radio(/^Plus\+/)).toHaveProperty("checked", true);
    expect(JSON.parse(localStorage.getItem("subscribe-products")!).value).toEqual(refreshed);
  });

  it("signed out: Subscribe Now opens the login modal, closes the dialog and creates no order", async () => {
    const open = vi.fn();
    vi.stubGlobal("open", open);
    const api = renderDialogs({ "GET /v1/subscribe/product": ok(PLANS) });
    act(() => useDialogStore.getState().openSubscription());
    await waitFor(() => expect(actionButton().textContent).toBe("Subscribe Now"));
    await userEvent.setup().click(actionButton());

    expect(useAuthStore.getState().modalOpen).toBe(true);
    expect(useDialogStore.getState().billingDialog).toBeNull();
    expect(api.route("POST /v1/subscribe/create")).toHaveLength(0);
    expect(open).not.toHaveBeenCalled();
  });

  it("opens the payment tab before the order is requested, then sends it to the payment page", async () => {
    signIn();
    const events: string[] = [];
    const tab = fakeTab();
    vi.stubGlobal(
      "open",
      vi.fn((url: string) => {
        events.push(`open ${url}`);
        return tab;
      }),
    );
    const api = renderDialogs({
      "GET /v1/subscribe/product": ok(PLANS),
      "GET /v1/subscribe/me": ok(NOT_SUBSCRIBED),
      "POST /v1/subscribe/create": (body) => {
        events.push(`create ${String(body.product_id)}`);
        return ok(REDIRECT);
      },
    });
    act(() => useDialogStore.getState().openSubscription());
    await waitFor(() => expect(actionButton()).toHaveProperty("disabled", false));
    await userEvent.setup().click(actionButton());

    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith(`${window.location.origin}/payment/sandbox/ord_1`),
    );
    expect(events).toEqual(["open /payment/loading", "create plan-plus"]);
    expect(api.route("POST /v1/subscribe/create")[0]!.body).toMatchObject({
      product_id: "plan-plus",
      currency: "USD",
      money: 999,
    });
    expect(tab.close).not.toHaveBeenCalled();

    // Back on this tab without any message from the payment tab: the plan is loaded again anyway.
    const infoLoads = api.route("GET /v1/subscribe/me").length;
    act(() => void window.dispatchEvent(new FocusEvent("focus")));
    await waitFor(() => expect(api.route("GET /v1/subscribe/me").length).toBe(infoLoads + 1));
  });

  it("a failed order closes the tab and says 'Failed to create order'", async () => {
    signIn();
    const tab = fakeTab();
    vi.stubGlobal(
      "open",
      vi.fn(() => tab),
    );
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderDialogs({
      "GET /v1/subscribe/product": ok(PLANS),
      "GET /v1/subscribe/me": ok(NOT_SUBSCRIBED),
      "POST /v1/subscribe/create": fail(50210, "provider down", 502),
    });
    act(() => useDialogStore.getState().openSubscription());
    await waitFor(() => expect(actionButton()).toHaveProperty("disabled", false));
    await userEvent.setup().click(actionButton());
    await waitFor(() => expect(tab.close).toHaveBeenCalledOnce());
    expect(toastTitles()).toEqual(["Failed to create order / Please try again later / destructive"]);
    expect(actionButton()).toHaveProperty("disabled", false);
  });

  it("is busy while the order is being created: a second press does nothing, and the focus stays on it", async () => {
    signIn();
    vi.stubGlobal("open", vi.fn(fakeTab));
    const create = deferredRoute();
    const api = renderDialogs({
      "GET /v1/subscribe/product": ok(PLANS),
      "GET /v1/subscribe/me": ok(NOT_SUBSCRIBED),
      "POST /v1/subscribe/create": create.handler,
    });
    act(() => useDialogStore.getState().openSubscription());
    await waitFor(() => expect(actionButton()).toHaveProperty("disabled", false));
    const user = userEvent.setup();
    await user.click(actionButton());
    expect(actionButton().getAttribute("aria-disabled")).toBe("true");
    expect(actionButton()).toHaveProperty("disabled", false);
    expect(document.activeElement).toBe(actionButton());
    expect(actionButton().textContent).toContain("Subscribe Now");
    await user.click(actionButton());
    await user.keyboard("{Enter}");
    await create.requested;
    expect(api.route("POST /v1/subscribe/create")).toHaveLength(1);
    act(() => create.release(ok(REDIRECT)));
    await waitFor(() => expect(actionButton().getAttribute("aria-disabled")).toBeNull());
  });

  it("the payment tab's messages set the banners and reload; closing the dialog clears them", async () => {
    signIn();
    let info = NOT_SUBSCRIBED;
    const api = renderDialogs({
      "GET /v1/subscribe/product": ok(PLANS),
      "GET /v1/subscribe/me": () => ok(info),
    });
    act(() => useDialogStore.getState().openSubscription());
    await screen.findAllByTestId("plan-card");
    await waitFor(() => expect(api.route("GET /v1/subscribe/me")).toHaveLength(1));

    // Ignored: another origin, a string, an object without a code.
    postPaymentMessage({ code: "payment-success" }, "https://evil.example");
    postPaymentMessage("payment-success");
    postPaymentMessage({ result: "payment-success" });
    expect(screen.queryByTestId("payment-banner")).toBeNull();

    info = holding(PLUS.product_id, 1, EXPIRES);
    postPaymentMessage({ code: "payment-success" });
    const banner = await screen.findByTestId("payment-banner");
    expect(banner.textContent).toBe("Payment SuccessfulYour subscription has been activated successfully!");
    await waitFor(() => expect(actionButton().textContent).toBe("Cancel Subscription"));
    expect(screen.getByTestId("plan-expires").textContent).toBe(`Expires: ${formatExpiryDate(EXPIRES)}`);

    postPaymentMessage({ code: "payment-cancel" });
    expect(screen.getByTestId("payment-banner").textContent).toBe(
      "Payment CancelledYour payment was cancelled. You can try again anytime.",
    );

    await userEvent.setup().keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    act(() => useDialogStore.getState().openSubscription());
    await screen.findAllByTestId("plan-card");
    expect(screen.queryByTestId("payment-banner")).toBeNull();
  });
});
