// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EditProfileDialog } from "@/components/profile/edit-profile-dialog";
import { configureApiClient } from "@/lib/api";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { clearToasts, useToastStore } from "@/stores/toast-store";
import { fail, ok, stubAccountFetch, stubMatchMedia, USER, type AccountHandlers } from "../auth-fixtures";

const router = {
  push: vi.fn(),
  replace: vi.fn(),
  refresh: vi.fn(),
  back: vi.fn(),
  forward: vi.fn(),
  prefetch: vi.fn(),
};
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/" }));

const ID_TAKEN = "This ID is already taken. Please choose a different one.";

function setup(handlers: AccountHandlers, fromRegistration = false) {
  const server = stubAccountFetch(handlers);
  useAuthStore.getState().setSession("t".repeat(43), USER);
  useDialogStore.getState().openEditProfile({ fromRegistration });
  render(<EditProfileDialog />);
  return { server, user: userEvent.setup() };
}

function describedText(input: HTMLElement): string {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

async function replace(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
  return input;
}

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole("button", { name: "Save Changes" }));

beforeEach(() => {
  stubMatchMedia();
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
  useDialogStore.getState().closeEditProfile();
  useAuthStore.setState({ token: null, profile: null });
  vi.unstubAllGlobals();
});

describe("Edit Profile dialog", () => {
  it("shows the profile: nickname and ID with counters, gender radios", () => {
    setup({});
    expect(screen.getByRole("dialog", { name: "Edit Profile" })).toBeTruthy();
    expect((screen.getByLabelText("Nickname") as HTMLInputElement).value).toBe("Ada");
    expect((screen.getByLabelText("ID") as HTMLInputElement).value).toBe("ada_l");
    expect(screen.getByText("3/20")).toBeTruthy();
    expect(screen.getByText("5/20")).toBeTruthy();
    expect(screen.getByRole("radiogroup", { name: "Gender" })).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Non-binary" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("radio", { name: "Male" }).getAttribute("value")).toBe("1");
    expect(screen.getByRole("radio", { name: "Female" }).getAttribute("value")).toBe("0");
  });

  it.each([
    ["Nickname", "", "Please enter your nickname"],
    ["ID", "ab", "ID must be at least 3 characters"],
    ["ID", "ada lovelace!", "ID can only contain letters, numbers, hyphens, and underscores"],
  ])("%s %j: %s", async (label, value, message) => {
    const { user, server } = setup({});
    const input = await replace(user, label, value);
    await save(user);
    expect(describedText(input)).toContain(message);
    expect(server.calls).toHaveLength(0);
    await user.type(input, "x");
    expect(describedText(input)).not.toContain(message);
  });

  it("an ID the server reports as existing is a field error", async () => {
    const { user, server } = setup({ routes: { "POST /v1/user/exists": () => ok({ exists: true }) } });
    const input = await replace(user, "ID", "taken_id");
    await save(user);
    await waitFor(() => expect(describedText(input)).toContain(ID_TAKEN));
    expect(server.route("POST /v1/user/exists")[0]?.body).toMatchObject({ key: "taken_id" });
    expect(server.route("POST /v1/user/update")).toHaveLength(0);
  });

  it("409 code 12008 from the update is the same field error", async () => {
    const { user } = setup({
      routes: {
        "POST /v1/user/exists": () => ok({ exists: false }),
        "POST /v1/user/update": () => fail(12008, "taken", 409),
      },
    });
    const input = await replace(user, "ID", "raced_id");
    await save(user);
    await waitFor(() => expect(describedText(input)).toContain(ID_TAKEN));
  });

  it("the ID check failing shows the destructive 'Validation failed' toast", async () => {
    const { user } = setup({ routes: { "POST /v1/user/exists": () => fail(50000, "boom", 500) } });
    await replace(user, "ID", "new_id");
    await save(user);
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: "Validation failed",
        description: "Unable to verify ID availability. Please try again.",
        variant: "destructive",
      }),
    );
  });

  it("saves, refreshes the profile, confirms, closes and goes to the new profile URL", async () => {
    const refreshed = { ...USER, key: "ada-2", sex: 0 };
    const { user, server } = setup({
      routes: {
        "POST /v1/user/exists": () => ok({ exists: false }),
        "POST /v1/user/update": () => ok(null),
        "GET /v1/user/info": () => ok(refreshed),
      },
    });
    await replace(user, "ID", "ada-2");
    await user.click(screen.getByRole("radio", { name: "Female" }));
    await save(user);
    await waitFor(() => expect(useDialogStore.getState().editProfileOpen).toBe(false));
    expect(server.route("POST /v1/user/update")[0]?.body).toMatchObject({ name: "Ada", key: "ada-2", sex: 0 });
    expect(useAuthStore.getState().profile).toMatchObject({ key: "ada-2", sex: 0 });
    expect(useToastStore.getState().toasts[0]?.title).toBe("Profile updated successfully");
    expect(router.push).toHaveBeenCalledWith("/profile/ada-2");
  });

  it("does not navigate after saving when it came from registration", async () => {
    const { user } = setup(
      {
        routes: {
          "POST /v1/user/exists": () => ok({ exists: false }),
          "POST /v1/user/update": () => ok(null),
          "GET /v1/user/info": () => ok({ ...USER, key: "ada-2" }),
        },
      },
      true,
    );
    expect(screen.getByText("Your account is ready. Choose how others will see you.")).toBeTruthy();
    await replace(user, "ID", "ada-2");
    await save(user);
    await waitFor(() => expect(useDialogStore.getState().editProfileOpen).toBe(false));
    expect(router.push).not.toHaveBeenCalled();
  });
});
