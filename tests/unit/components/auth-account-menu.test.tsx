// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SiteHeaderWithAccount } from "@/components/auth/header-account";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { clearToasts } from "@/stores/toast-store";
import { ok, stubAccountFetch, USER } from "../auth-fixtures";
import { holding, PLANS, walletWith } from "../billing-fixtures";
import { configureTestApiClient } from "../helpers/test-api-client";

const router = {
  push: vi.fn(),
  replace: vi.fn(),
  refresh: vi.fn(),
  back: vi.fn(),
  forward: vi.fn(),
  prefetch: vi.fn(),
};
const pathname = "/character/1";
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => pathname }));

function withQueries(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{node}</QueryClientProvider>;
}
const header = () => withQueries(<SiteHeaderWithAccount />);
/** The header's own requests for a signed-in user: the plan state and the coin balance. */
const HEADER_ROUTES = {
  "GET /v1/subscribe/me": () => ok({ is_subscribe: false, product_info: null, subscribe_info: null }),
  "GET /v1/buy_coin/wallet": () => ok(walletWith(0)),
};

beforeEach(() => {
  configureTestApiClient();
  clearToasts();
  router.push.mockClear();
});
afterEach(() => {
  cleanup();
  useAuthStore.setState({ token: null, profile: null, modalOpen: false });
  useDialogStore.getState().closeEditProfile();
  useDialogStore.getState().closeBilling();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("header account menu", () => {
  it("server HTML is signed out; the menu appears once mounted", () => {
    stubAccountFetch({ routes: HEADER_ROUTES });
    useAuthStore.getState().setSession("t".repeat(43), USER);
    expect(renderToString(header())).toContain("Sign in");
    render(header());
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull();
    expect(screen.getByRole("button", { name: "Account: Ada" }).getAttribute("aria-haspopup")).toBe("menu");
  });

  it("shows Sign in when signed out", () => {
    render(header());
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("opens with the keyboard, moves with arrows, closes on Escape back to the button", async () => {
    stubAccountFetch({ routes: HEADER_ROUTES });
    useAuthStore.getState().setSession("t".repeat(43), USER);
    render(header());
    const user = userEvent.setup();
    const button = screen.getByRole("button", { name: "Account: Ada" });
    button.focus();
    await user.keyboard("{ArrowDown}");
    const items = screen.getAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual([
      "My profile",
      "My favourites",
      "Edit profile",
      "Subscription",
      "Get Coins",
      "Log out",
    ]);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(items[0]);
    expect(items[0]?.getAttribute("href")).toBe("/profile/ada_l");
    expect(items[1]?.getAttribute("href")).toBe("/profile/ada_l?tab=favourites");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(document.activeElement).toBe(items.at(-1));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("Edit profile opens the modal; Log out signs out and goes home", async () => {
    stubAccountFetch({ routes: { ...HEADER_ROUTES, "POST /v1/user/logout": () => ok(null) } });
    useAuthStore.getState().setSession("t".repeat(43), USER);
    render(header());
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Account: Ada" }));
    await user.click(screen.getByRole("menuitem", { name: "Edit profile" }));
    expect(useDialogStore.getState()).toMatchObject({ editProfileOpen: true, editProfileFromRegistration: false });
    await user.click(screen.getByRole("button", { name: "Account: Ada" }));
    await user.click(screen.getByRole("menuitem", { name: "Log out" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/"));
    expect(useAuthStore.getState().token).toBeNull();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("Subscription and Get Coins open the billing dialogs, giving focus back to the account button first", async () => {
    stubAccountFetch({ routes: HEADER_ROUTES });
    useAuthStore.getState().setSession("t".repeat(43), USER);
    render(header());
    const user = userEvent.setup();
    const button = screen.getByRole("button", { name: "Account: Ada" });
    await user.click(button);
    await user.click(screen.getByRole("menuitem", { name: "Subscription" }));
    expect(useDialogStore.getState().billingDialog).toBe("subscription");
    expect(document.activeElement).toBe(button);
    await user.click(button);
    await user.click(screen.getByRole("menuitem", { name: "Get Coins" }));
    expect(useDialogStore.getState().billingDialog).toBe("coins");
  });
});

describe("header billing entries", () => {
  it("visitors get Subscribe and no balance", async () => {
    const api = stubAccountFetch({ routes: {} });
    render(header());
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(useDialogStore.getState().billingDialog).toBe("subscription");
    expect(screen.queryByTestId("header-coins")).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it("signed in: the coin balance opens Get Coins and the plan shows its state", async () => {
    stubAccountFetch({
      routes: {
        "GET /v1/subscribe/me": () => ok(holding("plan-plus", 1, 1_900_000_000)),
        "GET /v1/subscribe/product": () => ok(PLANS),
        "GET /v1/buy_coin/wallet": () => ok(walletWith(2500)),
      },
    });
    useAuthStore.getState().setSession("t".repeat(43), USER);
    render(header());
    const coins = await screen.findByRole("button", { name: "2.5k coins. Get Coins" });
    const plan = await screen.findByRole("button", { name: /^Plus plan, renews / });
    expect(plan.textContent).toBe("Plus");
    await userEvent.setup().click(coins);
    expect(useDialogStore.getState().billingDialog).toBe("coins");
  });
});
