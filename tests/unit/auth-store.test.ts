// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet, configureApiClient } from "@/lib/api";
import { AUTH_EXPIRED_MESSAGE } from "@/lib/api/errors";
import { selectIsLoggedIn, useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { clearToasts, useToastStore } from "@/stores/toast-store";
import { networkDown, ok, stubAccountFetch, USER } from "./auth-fixtures";
import { configureTestApiClient } from "./helpers/test-api-client";

const TOKEN = "t".repeat(43);
const toasts = () => useToastStore.getState().toasts;

function signIn() {
  useAuthStore.getState().setSession(TOKEN, USER);
  localStorage.setItem("third_login_reg_type", "102");
}

beforeEach(() => {
  configureTestApiClient();
  useAuthStore.setState({ token: null, profile: null, modalOpen: false });
  localStorage.clear();
  clearToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("auth store: session", () => {
  it("is logged in only with both a token and a profile uid", () => {
    expect(selectIsLoggedIn({ token: TOKEN, profile: USER })).toBe(true);
    expect(selectIsLoggedIn({ token: null, profile: USER })).toBe(false);
    expect(selectIsLoggedIn({ token: TOKEN, profile: null })).toBe(false);
    expect(selectIsLoggedIn({ token: TOKEN, profile: { ...USER, uid: "" } })).toBe(false);
  });

  it("persists token and profile under `auth`, and nothing of the modal", () => {
    signIn();
    useAuthStore.getState().setEmail("ada@example.com");
    useAuthStore.getState().openModal();
    const stored = JSON.parse(localStorage.getItem("auth") ?? "null") as { state: Record<string, unknown> };
    expect(stored.state).toEqual({ token: TOKEN, profile: USER });
  });

  it("a new e-mail clears the captcha and code typed for the previous one", () => {
    const s = useAuthStore.getState();
    s.setEmail("a@example.com");
    s.setCaptcha("abcd");
    s.setEmailCode("123456");
    s.setEmail("a@example.com");
    expect(useAuthStore.getState()).toMatchObject({ captcha: "abcd", emailCode: "123456" });
    s.setEmail("b@example.com");
    expect(useAuthStore.getState()).toMatchObject({ email: "b@example.com", captcha: "", emailCode: "" });
  });
});

describe("auth store: logout", () => {
  it("revokes the session, clears it, removes the local keys, closes the modal, toasts and goes home", async () => {
    const server = stubAccountFetch({ routes: { "POST /v1/user/logout": () => ok(null) } });
    signIn();
    useAuthStore.getState().openModal();
    expect(localStorage.getItem("auth")).not.toBeNull();
    const navigate = vi.fn();

    await useAuthStore.getState().logout({ navigate, pathname: "/character/7" });

    const [revoke] = server.route("POST /v1/user/logout");
    expect(revoke?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(useAuthStore.getState()).toMatchObject({ token: null, profile: null, modalOpen: false });
    expect(localStorage.getItem("auth")).toBeNull();
    expect(localStorage.getItem("third_login_reg_type")).toBeNull();
    expect(toasts()[0]).toMatchObject({
      title: "Logged out successfully!",
      description: "See you soon, Ada!",
      variant: "default",
    });
    expect(navigate).toHaveBeenCalledWith("/");
  });

  it("stays on / and ignores a failing logout call", async () => {
    stubAccountFetch({ routes: { "POST /v1/user/logout": networkDown() } });
    signIn();
    const navigate = vi.fn();
    await useAuthStore.getState().logout({ navigate, pathname: "/" });
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem("auth")).toBeNull();
    expect(toasts()[0]?.title).toBe("Logged out successfully!");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("does not write `auth` back when the modal state changes afterwards", async () => {
    stubAccountFetch({ routes: { "POST /v1/user/logout": () => ok(null) } });
    signIn();
    await useAuthStore.getState().logout({ navigate: vi.fn(), pathname: "/" });
    useAuthStore.getState().openModal();
    useAuthStore.getState().setStep("password");
    expect(localStorage.getItem("auth")).toBeNull();
  });

  it("the dialog store's openLogin / closeLogin drive the same modal flag", () => {
    useDialogStore.getState().openLogin();
    expect(useAuthStore.getState().modalOpen).toBe(true);
    useDialogStore.getState().closeLogin();
    expect(useAuthStore.getState().modalOpen).toBe(false);
  });
});

describe("body code 401 (app-providers' handler)", () => {
  it("ends the session and shows the destructive expiry toast", async () => {
    await import("@/components/app-providers");
    configureApiClient({
      baseUrl: "http://api.test",
      getToken: () => useAuthStore.getState().token,
      getDeviceId: () => "d",
    });
    stubAccountFetch({
      routes: {
        "GET /v1/user/info": () =>
          new Response(JSON.stringify({ code: 401, msg: "expired", data: null }), { status: 401 }),
      },
    });
    signIn();
    await expect(apiGet("/v1/user/info")).rejects.toMatchObject({ code: 401 });
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem("auth")).toBeNull();
    expect(localStorage.getItem("third_login_reg_type")).toBeNull();
    expect(toasts()[0]).toMatchObject({ title: AUTH_EXPIRED_MESSAGE, variant: "destructive" });
  });
});
