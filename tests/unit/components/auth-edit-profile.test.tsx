// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EditProfileDialog } from "@/components/profile/edit-profile-dialog";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { clearToasts, useToastStore } from "@/stores/toast-store";
import { fail, ok, stubAccountFetch, stubMatchMedia, USER, type AccountHandlers } from "../auth-fixtures";
import { configureTestApiClient } from "../helpers/test-api-client";

const router = {
  push: vi.fn(),
  replace: vi.fn(),
  refresh: vi.fn(),
  back: vi.fn(),
  forward: vi.fn(),
  prefetch: vi.fn(),
};
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/" }));
const uploadImage = vi.hoisted(() => vi.fn());
vi.mock("@/lib/files/upload-image", async (original) => ({
  ...(await original<typeof import("@/lib/files/upload-image")>()),
  uploadImage,
}));

const UPLOADED = `/v1/file/avatars/${"ab".repeat(32)}.webp`;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

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
  configureTestApiClient();
  clearToasts();
  router.push.mockClear();
  uploadImage.mockReset();
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
    // The form validates through an asynchronous resolver: wait for its message, and for it to go.
    await waitFor(() => expect(describedText(input)).toContain(message));
    expect(server.calls).toHaveLength(0);
    await user.type(input, "x");
    await waitFor(() => expect(describedText(input)).not.toContain(message));
  });

  it("an ID the server reports as existing is a field error, and the field gets the focus", async () => {
    const { user, server } = setup({ routes: { "POST /v1/user/exists": () => ok({ exists: true }) } });
    const input = await replace(user, "ID", "taken_id");
    await save(user);
    await waitFor(() => expect(describedText(input)).toContain(ID_TAKEN));
    expect(document.activeElement).toBe(input);
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

  describe("avatar", () => {
    const saving = {
      "POST /v1/user/update": () => ok(null),
      "GET /v1/user/info": () => ok(USER),
    };

    it("uploads a chosen image, shows a spinner meanwhile, previews it and saves it as face", async () => {
      const upload = deferred<{ url: string }>();
      uploadImage.mockReturnValue(upload.promise);
      const { user, server } = setup({ routes: saving });
      expect(screen.getByRole("group", { name: "Avatar" })).toBeTruthy();
      const button = screen.getByRole("button", { name: "Upload image" });
      expect(fileInput().accept).toBe("image/png,image/jpeg,image/webp");
      const png = new File([new Uint8Array([137, 80, 78, 71])], "me.png", { type: "image/png" });
      await user.upload(fileInput(), png);
      expect(uploadImage).toHaveBeenCalledWith(png, expect.objectContaining({ signal: expect.any(AbortSignal) }));
      expect((await screen.findByText("Uploading image…")).closest('[role="status"]')).toBeTruthy();
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(true);

      upload.resolve({ url: UPLOADED });
      const preview = await screen.findByRole("img", { name: "Your avatar" });
      expect(preview.getAttribute("src")).toBe(UPLOADED);
      expect(screen.queryByText("Uploading image…")).toBeNull();
      expect(screen.getByRole("button", { name: "Change image" })).toBeTruthy();

      await save(user);
      await waitFor(() => expect(useDialogStore.getState().editProfileOpen).toBe(false));
      expect(server.route("POST /v1/user/update")[0]?.body).toMatchObject({ name: "Ada", face: UPLOADED });
    });

    it("shows why an upload failed, and still saves the rest", async () => {
      const { ApiError } = await import("@/lib/api");
      uploadImage.mockRejectedValue(new ApiError({ code: 41501, msg: "Choose a PNG, JPEG or WebP image" }));
      const { user, server } = setup({ routes: saving });
      await user.upload(fileInput(), new File(["x"], "me.png", { type: "image/png" }));
      expect((await screen.findByRole("alert")).textContent).toBe("Choose a PNG, JPEG or WebP image");
      expect(screen.getByRole("button", { name: "Upload image" }).getAttribute("aria-describedby")).toContain(
        screen.getByRole("alert").id,
      );
      expect(screen.queryByRole("img", { name: "Your avatar" })).toBeNull();
      await save(user);
      await waitFor(() => expect(useDialogStore.getState().editProfileOpen).toBe(false));
      expect(server.route("POST /v1/user/update")[0]?.body).toMatchObject({ face: "" });
    });

    it("removes the avatar back to none (the initial) with Remove", async () => {
      const server = stubAccountFetch({ routes: saving });
      useAuthStore.getState().setSession("t".repeat(43), { ...USER, face: UPLOADED });
      useDialogStore.getState().openEditProfile({ fromRegistration: false });
      render(<EditProfileDialog />);
      const user = userEvent.setup();
      expect(screen.getByRole("img", { name: "Your avatar" }).getAttribute("src")).toBe(UPLOADED);
      await user.click(screen.getByRole("button", { name: "Remove" }));
      expect(screen.queryByRole("img", { name: "Your avatar" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
      expect(screen.getByRole("button", { name: "Upload image" })).toBeTruthy();
      await save(user);
      await waitFor(() => expect(server.route("POST /v1/user/update")).toHaveLength(1));
      expect(server.route("POST /v1/user/update")[0]?.body).toMatchObject({ face: "" });
    });
  });
});
