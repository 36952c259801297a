// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SiteHeaderWithAccount } from "@/components/auth/header-account";
import { configureApiClient } from "@/lib/api";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { clearToasts } from "@/stores/toast-store";
import { ok, stubAccountFetch, USER } from "../auth-fixtures";

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

beforeEach(() => {
  configureApiClient({
    baseUrl: "http://api.test",
    getToken: () => useAuthStore.getState().token,
    getDeviceId: () => "device-1",
  });
  clearToasts();
  router.push.mockClear();
});
afterEach(() => {
  cleanup();
  useAuthStore.setState({ token: null, profile: null, modalOpen: false });
  useDialogStore.getState().closeEditProfile();
  vi.unstubAllGlobals();
});

describe("header account menu", () => {
  it("server HTML is signed out; the menu appears once mounted", () => {
    useAuthStore.getState().setSession("t".repeat(43), USER);
    expect(renderToString(<SiteHeaderWithAccount />)).toContain("Sign in");
    render(<SiteHeaderWithAccount />);
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull();
    expect(screen.getByRole("button", { name: "Account: Ada" }).getAttribute("aria-haspopup")).toBe("menu");
  });

  it("shows Sign in when signed out", () => {
    render(<SiteHeaderWithAccount />);
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("opens with the keyboard, moves with arrows, closes on Escape back to the button", async () => {
    useAuthStore.getState().setSession("t".repeat(43), USER);
    render(<SiteHeaderWithAccount />);
    const user = userEvent.setup();
    const button = screen.getByRole("button", { name: "Account: Ada" });
    button.focus();
    await user.keyboard("{ArrowDown}");
    const items = screen.getAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["My profile", "Edit profile", "Log out"]);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(items[0]);
    expect(items[0]?.getAttribute("href")).toBe("/profile/ada_l");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("Edit profile opens the modal; Log out signs out and goes home", async () => {
    stubAccountFetch({ routes: { "POST /v1/user/logout": () => ok(null) } });
    useAuthStore.getState().setSession("t".repeat(43), USER);
    render(<SiteHeaderWithAccount />);
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
});
