// @vitest-environment jsdom
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { writeCoinProductsCache } from "@/lib/billing/product-cache";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { fail, ok } from "../auth-fixtures";
import { PACKS, REDIRECT, walletWith } from "../billing-fixtures";
import {
  fakeTab,
  postPaymentMessage,
  renderDialogs,
  resetBillingDialogsEachTest,
  signIn,
  toastTitles,
} from "./billing-dialogs-support";

resetBillingDialogsEachTest();

describe("Get Coins", () => {
  it("shows My Coins, the packages with discounts, and Purchase Now only once one is picked", async () => {
    signIn();
    renderDialogs({ "GET /v1/buy_coin/product": ok(PACKS), "GET /v1/buy_coin/wallet": ok(walletWith(1234)) });
    act(() => useDialogStore.getState().openCoins());
    const dialog = screen.getByRole("dialog", { name: "Get Coins" });
    expect(within(dialog).getByText("Loading coin packages...")).toBeTruthy();

    const cards = await screen.findAllByTestId("coin-pack");
    expect(within(dialog).getByText("My Coins")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("coin-balance").textContent).toBe("1.2k"));
    expect(cards.map((c) => within(c).getByTestId("coin-count").textContent)).toEqual(["100", "1,200", "5,000"]);
    expect(cards.map((c) => within(c).getByTestId("coin-name").textContent)).toEqual(["Starter", "Big", "Whale"]);
    expect(cards.map((c) => within(c).getByTestId("coin-price").textContent)).toEqual(["$1.99", "$14.99", "$49.99"]);
    expect(within(cards[0]!).queryByTestId("coin-discount")).toBeNull();
    expect(within(cards[0]!).queryByTestId("coin-original-price")).toBeNull();
    expect(within(cards[1]!).getByTestId("coin-discount").textContent).toBe("-25%");
    expect(within(cards[1]!).getByTestId("coin-original-price").textContent).toBe("$19.99");
    // Its note said "25% off", what the badge says: not shown twice.
    expect(within(cards[1]!).queryByTestId("coin-remind")).toBeNull();

    const purchase = screen.getByRole("button", { name: "Purchase Now" });
    expect(purchase).toHaveProperty("disabled", true);
    expect(screen.getByRole("radio", { name: /5,000 coins/ })).toHaveProperty("disabled", true);
    await userEvent.setup().click(screen.getByRole("radio", { name: /1,200 coins/ }));
    expect(purchase).toHaveProperty("disabled", false);
  });

  it("a wallet that cannot load shows 0 (logged only); packages that cannot load are a toast", async () => {
    signIn();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderDialogs({
      "GET /v1/buy_coin/product": fail(50000, "down", 500),
      "GET /v1/buy_coin/wallet": fail(50000, "x", 500),
    });
    act(() => useDialogStore.getState().openCoins());
    await waitFor(() => expect(screen.getByTestId("coin-balance").textContent).toBe("0"));
    await waitFor(() =>
      expect(toastTitles()).toEqual(["Failed to load coin data / Please try again later / destructive"]),
    );
    expect(warn).toHaveBeenCalledWith("wallet could not be loaded", expect.anything());
  });

  it("shows the cached packages at once", () => {
    writeCoinProductsCache(PACKS);
    renderDialogs({ "GET /v1/buy_coin/product": () => new Promise<Response>(() => undefined) });
    act(() => useDialogStore.getState().openCoins());
    expect(screen.getAllByTestId("coin-pack")).toHaveLength(3);
  });

  it("signed out: Purchase Now opens the login modal, closes the dialog and creates no order", async () => {
    const open = vi.fn();
    vi.stubGlobal("open", open);
    const api = renderDialogs({ "GET /v1/buy_coin/product": ok(PACKS) });
    act(() => useDialogStore.getState().openCoins());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: /^100 coins/ }));
    await user.click(screen.getByRole("button", { name: "Purchase Now" }));
    expect(useAuthStore.getState().modalOpen).toBe(true);
    expect(useDialogStore.getState().billingDialog).toBeNull();
    expect(api.route("POST /v1/buy_coin/create")).toHaveLength(0);
    expect(open).not.toHaveBeenCalled();
  });

  it("buys through the payment tab (USD when the package has no currency) and shows the new balance", async () => {
    signIn();
    const tab = fakeTab();
    vi.stubGlobal(
      "open",
      vi.fn(() => tab),
    );
    let coins = 0;
    const api = renderDialogs({
      "GET /v1/buy_coin/product": ok(PACKS),
      "GET /v1/buy_coin/wallet": () => ok(walletWith(coins)),
      "POST /v1/buy_coin/create": ok(REDIRECT),
    });
    act(() => useDialogStore.getState().openCoins());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: /^100 coins/ }));
    await user.click(screen.getByRole("button", { name: "Purchase Now" }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledOnce());
    expect(api.route("POST /v1/buy_coin/create")[0]!.body).toMatchObject({
      product_id: "coins-100",
      currency: "USD",
      money: 199,
    });

    coins = 100;
    postPaymentMessage({ code: "payment-success" });
    expect((await screen.findByTestId("payment-banner")).textContent).toBe(
      "Purchase SuccessfulCoins have been added to your account successfully!",
    );
    await waitFor(() => expect(screen.getByTestId("coin-balance").textContent).toBe("100"));
  });

  it("says inside the dialog why it opened by itself, and nothing when the person opened it", async () => {
    signIn();
    renderDialogs({ "GET /v1/buy_coin/product": ok(PACKS), "GET /v1/buy_coin/wallet": ok(walletWith(1)) });
    const reason = { title: "Not enough coins for this model.", hint: "This reply costs 4 coins and you have 1." };
    act(() => useDialogStore.getState().openCoins(reason));
    const dialog = screen.getByRole("dialog", { name: "Get Coins" });
    expect(within(dialog).getByTestId("billing-reason").textContent).toBe(
      "Not enough coins for this model.This reply costs 4 coins and you have 1.",
    );
    act(() => useDialogStore.getState().closeBilling());
    act(() => useDialogStore.getState().openCoins());
    expect(within(screen.getByRole("dialog", { name: "Get Coins" })).queryByTestId("billing-reason")).toBeNull();
  });
});
