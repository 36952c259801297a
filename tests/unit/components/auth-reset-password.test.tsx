// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { configureApiClient } from "@/lib/api";
import { useAuthStore } from "@/stores/auth-store";
import { fail, ok, stubAccountFetch } from "../auth-fixtures";

const router = {
  push: vi.fn(),
  replace: vi.fn(),
  refresh: vi.fn(),
  back: vi.fn(),
  forward: vi.fn(),
  prefetch: vi.fn(),
};
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/reset-password" }));

beforeEach(() => {
  configureApiClient({ baseUrl: "http://api.test", getToken: () => null, getDeviceId: () => "device-1" });
  router.push.mockClear();
});
afterEach(() => {
  cleanup();
  useAuthStore.setState({ modalOpen: false, step: "email", email: "" });
  vi.unstubAllGlobals();
});

describe("reset password form", () => {
  it("without a usable token says the link is invalid and links home", () => {
    render(<ResetPasswordForm token={null} />);
    expect(screen.getByText("This reset link is invalid or has expired.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go back home" }).getAttribute("href")).toBe("/");
  });

  it("validates, resets, then offers to sign in (home + login modal)", async () => {
    const server = stubAccountFetch({
      report: { "/2/api/user/get_public_key": { ret: 50000 } },
      routes: {
        "POST /v1/user/reset_password/check": () => ok({ valid: true }),
        "POST /v1/user/reset_password": () => ok({ email: "ada@example.test" }),
      },
    });
    render(<ResetPasswordForm token={"r".repeat(32)} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "abc");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    // The resolver validates asynchronously: wait for the message, not for a tick.
    expect(await screen.findByText("Password must be at least 6 characters")).toBeTruthy();
    await user.type(screen.getByLabelText("New password"), "def");
    await user.type(screen.getByLabelText("Confirm password"), "abcdeX");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    await user.clear(screen.getByLabelText("Confirm password"));
    await user.type(screen.getByLabelText("Confirm password"), "abcdef");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Your password has been reset. You can now sign in.")).toBeTruthy();
    expect(server.route("POST /v1/user/reset_password")[0]?.body).toMatchObject({
      token: "r".repeat(32),
      password: "abcdef",
    });
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    // The modal opens at the password step for the account's address.
    expect(useAuthStore.getState()).toMatchObject({ modalOpen: true, step: "password", email: "ada@example.test" });
    expect(router.push).toHaveBeenCalledWith("/");
    expect(server.route("POST /v1/user/reset_password/check")[0]?.body).toMatchObject({ token: "r".repeat(32) });
  });

  it("a used or expired link says so on load, before anything is typed", async () => {
    stubAccountFetch({ routes: { "POST /v1/user/reset_password/check": () => ok({ valid: false }) } });
    render(<ResetPasswordForm token={"r".repeat(32)} />);
    expect(await screen.findByText("This reset link is invalid or has expired.")).toBeTruthy();
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  it("a failed check leaves the form (the reset gives the final word)", async () => {
    const server = stubAccountFetch({
      routes: { "POST /v1/user/reset_password/check": () => fail(429, "Too many requests") },
    });
    render(<ResetPasswordForm token={"r".repeat(32)} />);
    await vi.waitFor(() => expect(server.route("POST /v1/user/reset_password/check")).toHaveLength(1));
    expect(screen.getByLabelText("New password")).toBeTruthy();
  });

  it("code 12010 turns the page into the invalid-link message", async () => {
    stubAccountFetch({
      report: { "/2/api/user/get_public_key": { ret: 50000 } },
      routes: {
        "POST /v1/user/reset_password/check": () => ok({ valid: true }),
        "POST /v1/user/reset_password": () => fail(12010, "invalid"),
      },
    });
    render(<ResetPasswordForm token={"r".repeat(32)} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "abcdef");
    await user.type(screen.getByLabelText("Confirm password"), "abcdef");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("This reset link is invalid or has expired.")).toBeTruthy();
  });
});
