// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EditProfileDialog } from "@/components/profile/edit-profile-dialog";
import { MISMATCH } from "@/components/profile/delete-account-dialog";
import { ACCOUNT_DATA_CODES } from "@/lib/contracts/account-codes";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { clearToasts, useToastStore } from "@/stores/toast-store";
import { fail, ok, stubAccountFetch, stubMatchMedia, USER, type AccountHandlers } from "../auth-fixtures";
import { configureTestApiClient } from "../helpers/test-api-client";
import { testRouter } from "../helpers/test-router";

const router = testRouter();
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/" }));

const DELETED = { deleted: true, characters_deleted: 1, characters_kept: 2 };

async function openConfirmation(handlers: AccountHandlers) {
  const server = stubAccountFetch(handlers);
  useAuthStore.getState().setSession("t".repeat(43), USER);
  useDialogStore.getState().openEditProfile();
  render(<EditProfileDialog />);
  const user = userEvent.setup();
  const opener = screen.getByRole("button", { name: "Delete account" });
  await user.click(opener);
  const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
  return { server, user, opener, dialog };
}

const field = () => screen.getByLabelText(`To confirm, type your ID: ${USER.key}`);
const confirmButton = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: "Delete my account" });

beforeEach(() => {
  vi.clearAllMocks();
  clearToasts();
  stubMatchMedia();
  configureTestApiClient();
});
afterEach(() => {
  cleanup();
  useDialogStore.getState().closeEditProfile();
  useAuthStore.setState({ token: null, profile: null });
  vi.unstubAllGlobals();
});

describe("the account deletion confirmation", () => {
  it("says what goes and what stays, and starts in the ID field", async () => {
    const { dialog } = await openConfirmation({});
    expect(within(dialog).getByText("This cannot be undone.")).toBeTruthy();
    expect(within(dialog).getByText("all your chats and their memory")).toBeTruthy();
    expect(within(dialog).getByText(/your public and unlisted characters/)).toBeTruthy();
    expect(within(dialog).getByText(/orders and coin history/)).toBeTruthy();
    expect(document.activeElement).toBe(field());
  });

  it("deletes nothing until the ID is typed, and says so under the field", async () => {
    const { user, dialog, server } = await openConfirmation({});
    await user.click(confirmButton(dialog));
    await user.type(field(), "delete{Enter}");
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByRole("alert").textContent).toBe(MISMATCH);
    expect(document.activeElement).toBe(field());
    expect(server.route("POST /v1/user/delete")).toHaveLength(0);
    // Typing again clears the error.
    await user.type(field(), "x");
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("with the ID typed (any case) deletes, ends the session here and goes home", async () => {
    const { user, dialog, server } = await openConfirmation({
      routes: { "POST /v1/user/delete": () => ok(DELETED) },
    });
    await user.type(field(), USER.key.toUpperCase());
    await user.click(confirmButton(dialog));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/"));
    expect(server.route("POST /v1/user/delete")[0]?.body).toMatchObject({ confirm: USER.key.toUpperCase() });
    expect(useAuthStore.getState().token).toBeNull();
    expect(useToastStore.getState().toasts[0]?.title).toBe("Your account was deleted");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's refusal of the confirmation under the field, and keeps the session", async () => {
    const { user, dialog } = await openConfirmation({
      routes: {
        "POST /v1/user/delete": () => fail(ACCOUNT_DATA_CODES.CONFIRMATION_MISMATCH, "Type your ID exactly as shown"),
      },
    });
    await user.type(field(), USER.key);
    await user.click(confirmButton(dialog));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe("Type your ID exactly as shown"));
    expect(useAuthStore.getState().token).not.toBeNull();
    expect(router.push).not.toHaveBeenCalled();
  });

  it("Cancel closes it and gives the focus back to Delete account, with the field emptied", async () => {
    const { user, dialog, opener } = await openConfirmation({});
    await user.type(field(), "half");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Delete your account?" })).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(screen.getByRole("dialog", { name: "Edit Profile" })).toBeTruthy();
    await user.click(opener);
    expect(((await screen.findByLabelText(`To confirm, type your ID: ${USER.key}`)) as HTMLInputElement).value).toBe(
      "",
    );
  });

  it("keeps Tab inside while open", async () => {
    const { user, dialog } = await openConfirmation({});
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});
