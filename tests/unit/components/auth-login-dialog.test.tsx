// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoginDialog } from "@/components/auth/login-dialog";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { clearToasts, useToastStore } from "@/stores/toast-store";
import {
  ACCOUNT_TOKEN,
  inner,
  LOGIN_OK,
  ok,
  stubAccountFetch,
  stubMatchMedia,
  type AccountHandlers,
  type Inner,
} from "../auth-fixtures";
import { configureTestApiClient } from "../helpers/test-api-client";

const EMAIL = "ada@example.com";
const CAPTCHA_1 = "data:image/svg+xml;base64,MQ==";
const CAPTCHA_2 = "data:image/svg+xml;base64,Mg==";

function setup(handlers: AccountHandlers) {
  const server = stubAccountFetch(handlers);
  const user = userEvent.setup();
  useAuthStore.getState().openModal();
  render(<LoginDialog />);
  return { server, user, dialog: () => screen.getByRole("dialog") };
}

/** The error text linked to an input by aria-describedby. */
function describedText(input: HTMLElement): string {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

async function enterEmail(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Email"), EMAIL);
  await user.click(screen.getByRole("button", { name: "Continue" }));
}

beforeEach(() => {
  stubMatchMedia();
  configureTestApiClient();
  useAuthStore.setState({ token: null, profile: null, modalOpen: false, rsaPublicKey: null });
  useAuthStore.getState().resetLoginForm();
  useDialogStore.setState({ editProfileOpen: false, editProfileFromRegistration: false });
  clearToasts();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("login dialog: e-mail step", () => {
  it("validates the address", async () => {
    const { user, server } = setup({});
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    // The form validates asynchronously (its resolver): wait for the message, as for the server's below.
    await waitFor(() => expect(describedText(screen.getByLabelText("Email"))).toBe("Invalid email address"));
    expect(server.calls).toHaveLength(0);
    // errors clear when the field is edited
    await user.type(screen.getByLabelText("Email"), "x");
    await waitFor(() => expect(screen.queryByText("Invalid email address")).toBeNull());
  });

  it("ret 12006 leads to the password step", async () => {
    const { user } = setup({ report: { "/1/api/exist_account": inner(12006) } });
    await enterEmail(user);
    expect(await screen.findByRole("dialog", { name: "Welcome back" })).toBeTruthy();
    expect(screen.getByText(`Enter your password for ${EMAIL}`)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back to email" })).toBeTruthy();
  });

  it("another ret leads to the register step", async () => {
    const { user } = setup({
      report: { "/1/api/exist_account": inner(1), "/1/api/user/captcha": inner(1, { captcha: CAPTCHA_1 }) },
    });
    await enterEmail(user);
    expect(await screen.findByRole("dialog", { name: "Create account" })).toBeTruthy();
    expect(screen.getByText(`Create a password for ${EMAIL}`)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Back to email" }));
    expect(screen.getByRole("dialog", { name: "Welcome" })).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe(EMAIL);
  });

  it("a network failure shows the network message", async () => {
    const { user } = setup({ report: { "/1/api/exist_account": new TypeError("offline") } });
    await enterEmail(user);
    expect(await screen.findByText("Network error. Please try again later.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
  });
});

describe("login dialog: password step", () => {
  const toPassword = { "/1/api/exist_account": inner(12006), "/2/api/user/get_public_key": inner(50000) };

  it("12004 shows the password message under the field", async () => {
    const { user } = setup({ report: { ...toPassword, "/2/api/user/verify_login": inner(12004) } });
    await enterEmail(user);
    const password = await screen.findByLabelText("Password");
    await user.type(password, "short");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(describedText(password)).toBe("Password must be at least 6 characters"));
    await user.type(password, "er1");
    await waitFor(() => expect(describedText(password)).toBe(""));
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(describedText(password)).toBe("Incorrect password. Please check and try again."));
    // Refused by the server: the field gets the focus back from the button.
    expect(document.activeElement).toBe(password);
  });

  it("backing off (42900) shows the wait above the button; the sign-in carries this browser's device id", async () => {
    const backingOff = inner(42900, { retry_after: 8 }, "Too many attempts. Please try again later.");
    const { user, server } = setup({ report: { ...toPassword, "/2/api/user/verify_login": backingOff } });
    await enterEmail(user);
    const password = await screen.findByLabelText("Password");
    await user.type(password, "secret1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Too many attempts. Please try again in 8 seconds.")).toBeTruthy();
    expect(describedText(password)).toBe("");
    const param = server.inner("/2/api/user/verify_login")[0]?.inner?.param;
    expect(param?.device_id).toMatch(/^[a-f0-9]{32}$/);
    expect(param?.device_id).toBe(localStorage.getItem("device_id"));
  });

  it("the show/hide toggle switches the input type", async () => {
    const { user } = setup({ report: toPassword });
    await enterEmail(user);
    const password = await screen.findByLabelText("Password");
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(password.getAttribute("type")).toBe("password");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    await user.click(toggle);
    expect(password.getAttribute("type")).toBe("text");
    expect(screen.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("success stores the session, closes the modal and welcomes the user", async () => {
    const { user } = setup({
      report: { ...toPassword, "/2/api/user/verify_login": inner(1, ACCOUNT_TOKEN) },
      routes: { "POST /v1/app/login": () => ok(LOGIN_OK) },
    });
    await enterEmail(user);
    await user.type(await screen.findByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(useAuthStore.getState().modalOpen).toBe(false));
    expect(useAuthStore.getState()).toMatchObject({ token: LOGIN_OK.access_token, profile: { uid: "u_1" } });
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: "Login successful!",
      description: "Welcome back, Ada!",
    });
  });

  it("Forgot password? leads to the reset step, whose success returns to the e-mail step", async () => {
    const { user, server } = setup({ report: { ...toPassword, "/1/api/user/send_email": inner(1) } });
    await enterEmail(user);
    await user.click(await screen.findByRole("button", { name: "Forgot password?" }));
    expect(screen.getByRole("dialog", { name: "Reset password" })).toBeTruthy();
    expect(screen.getByText(`We'll send a password reset link to ${EMAIL}`)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("dialog", { name: "Welcome" })).toBeTruthy();
    expect(server.inner("/1/api/user/send_email")[0]?.inner?.param).toMatchObject({ email: EMAIL, type: 3 });
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: "Reset link sent",
      description: "Check your inbox for a link to reset your password.",
    });
  });
});

describe("login dialog: register step", () => {
  function registerServer(verify: Inner) {
    let captchas = 0;
    return {
      report: {
        "/1/api/exist_account": inner(1),
        "/1/api/user/captcha": () => inner(1, { captcha: ++captchas % 2 ? CAPTCHA_1 : CAPTCHA_2 }),
        "/1/api/user/send_email": inner(1),
        "/2/api/user/verify_register": verify,
      },
      routes: { "POST /v1/app/login": () => ok({ ...LOGIN_OK, is_new: true }) },
    } satisfies AccountHandlers;
  }

  async function fillRegister(user: ReturnType<typeof userEvent.setup>) {
    await enterEmail(user);
    await user.type(await screen.findByLabelText("Captcha"), "ab12");
    await user.type(screen.getByLabelText("Verification code"), "123456");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Create account" }));
  }

  const captchaSrc = () =>
    within(screen.getByRole("button", { name: "Reload captcha" }))
      .queryByRole("presentation")
      ?.getAttribute("src");

  it("40001 goes under the captcha, and the captcha reloads after the attempt", async () => {
    const { user, server } = setup(registerServer(inner(40001)));
    await enterEmail(user);
    await waitFor(() => expect(captchaSrc()).toBe(CAPTCHA_1));
    await user.type(screen.getByLabelText("Captcha"), "ab12");
    await user.type(screen.getByLabelText("Verification code"), "123456");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const captcha = screen.getByLabelText("Captcha");
    await waitFor(() => expect(describedText(captcha)).toBe("Incorrect captcha. Please try again."));
    expect(document.activeElement).toBe(captcha);
    await waitFor(() => expect(captchaSrc()).toBe(CAPTCHA_2));
    expect(server.inner("/1/api/user/captcha")).toHaveLength(2);
    expect((captcha as HTMLInputElement).value).toBe("");
    expect(describedText(screen.getByLabelText("Password"))).toBe("");
  });

  it("12015 goes under the e-mail code", async () => {
    const { user } = setup(registerServer(inner(12015)));
    await fillRegister(user);
    await waitFor(() =>
      expect(describedText(screen.getByLabelText("Verification code"))).toContain(
        "Incorrect email verification code. Please try again.",
      ),
    );
    expect(describedText(screen.getByLabelText("Captcha"))).toBe("");
  });

  it("another failure goes under the password", async () => {
    const { user } = setup(registerServer(inner(50000)));
    await fillRegister(user);
    await waitFor(() =>
      expect(describedText(screen.getByLabelText("Password"))).toBe("Registration failed. Please try again later."),
    );
  });

  it("validates captcha and code with the SPEC messages", async () => {
    const { user } = setup(registerServer(inner(1)));
    await enterEmail(user);
    await user.type(await screen.findByLabelText("Captcha"), "ab");
    await user.type(screen.getByLabelText("Verification code"), "12");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    // The form validates through an asynchronous resolver: wait for its first message.
    await waitFor(() => expect(describedText(screen.getByLabelText("Captcha"))).toBe("Please enter the captcha code"));
    expect(describedText(screen.getByLabelText("Verification code"))).toContain(
      "Please enter the 6-digit verification code",
    );
    expect(describedText(screen.getByLabelText("Password"))).toBe("Password must be at least 6 characters");
  });

  it("a click on the image reloads the captcha", async () => {
    const { user, server } = setup(registerServer(inner(1)));
    await enterEmail(user);
    await waitFor(() => expect(captchaSrc()).toBe(CAPTCHA_1));
    await user.click(screen.getByRole("button", { name: "Reload captcha" }));
    await waitFor(() => expect(captchaSrc()).toBe(CAPTCHA_2));
    expect(server.inner("/1/api/user/captcha")[0]?.inner?.param).toMatchObject({ email: EMAIL });
  });

  it("Send Code sends type 4 and counts down from 60s, disabled meanwhile", async () => {
    const { user, server } = setup(registerServer(inner(1)));
    await enterEmail(user);
    const code = await screen.findByLabelText("Verification code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    expect(code.getAttribute("maxlength")).toBe("6");
    await user.type(code, "12");
    expect(screen.getByText("2/6")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send Code" }));
    const countdown = await screen.findByRole("button", { name: "60s" });
    expect((countdown as HTMLButtonElement).disabled).toBe(true);
    expect(server.inner("/1/api/user/send_email")[0]?.inner?.param).toMatchObject({ email: EMAIL, type: 4 });
  });

  it("Send Code keeps the keyboard's focus while it sends, and passes it on to the code once sent", async () => {
    const answers: ((answer: Inner) => void)[] = [];
    const base = registerServer(inner(1));
    const sending = () => new Promise<Inner>((answer) => answers.push(answer));
    const { user, server: calls } = setup({ ...base, report: { ...base.report, "/1/api/user/send_email": sending } });
    await enterEmail(user);
    await screen.findByLabelText("Verification code");
    const send = screen.getByRole<HTMLButtonElement>("button", { name: "Send Code" });
    send.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(send.getAttribute("aria-disabled")).toBe("true"));
    expect(send.disabled).toBe(false);
    expect(document.activeElement).toBe(send);
    await user.keyboard("{Enter}");
    expect(calls.inner("/1/api/user/send_email")).toHaveLength(1);

    // Refused: the same button, still focused, sends again.
    act(() => answers[0]!(inner(50000)));
    await waitFor(() => expect(send.getAttribute("aria-disabled")).toBeNull());
    expect(document.activeElement).toBe(send);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(answers).toHaveLength(2));
    act(() => answers[1]!(inner(1)));
    expect(await screen.findByRole("button", { name: "60s" })).toBe(send);
    expect(send.disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText("Verification code"));
  });

  it("Create account does nothing more while it runs, keeps the focus, and a refusal focuses the field it names", async () => {
    const answers: ((answer: Inner) => void)[] = [];
    const base = registerServer(inner(1));
    const verifying = () => new Promise<Inner>((answer) => answers.push(answer));
    const { user, server: calls } = setup({
      ...base,
      report: { ...base.report, "/2/api/user/verify_register": verifying },
    });
    await enterEmail(user);
    await user.type(await screen.findByLabelText("Captcha"), "ab12");
    await user.type(screen.getByLabelText("Verification code"), "123456");
    await user.type(screen.getByLabelText("Password"), "secret1");
    const create = screen.getByRole("button", { name: "Create account" });
    create.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(create.getAttribute("aria-disabled")).toBe("true"));
    expect(document.activeElement).toBe(create);
    await user.keyboard("{Enter}");
    // Enter in a field submits the form by clicking its submit button, which cancels it while busy.
    await user.type(screen.getByLabelText("Password"), "{Enter}");
    expect(calls.inner("/2/api/user/verify_register")).toHaveLength(1);

    act(() => answers[0]!(inner(12015)));
    const code = screen.getByLabelText("Verification code");
    await waitFor(() => expect(describedText(code)).toContain("Incorrect email verification code. Please try again."));
    expect(document.activeElement).toBe(code);
    expect(create.getAttribute("aria-disabled")).toBeNull();
  });

  it("success closes the modal and opens Edit Profile flagged as from registration", async () => {
    const { user, server } = setup(registerServer(inner(1, ACCOUNT_TOKEN)));
    await fillRegister(user);
    await waitFor(() => expect(useDialogStore.getState().editProfileOpen).toBe(true));
    expect(useDialogStore.getState().editProfileFromRegistration).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ modalOpen: false, token: LOGIN_OK.access_token });
    expect(server.route("POST /v1/app/login")[0]?.body).toMatchObject({ keep: 1, reg_type: 108 });
  });
});

describe("login dialog: closing", () => {
  it("resets the step and e-mail 300 ms after closing", async () => {
    const { user } = setup({ report: { "/1/api/exist_account": inner(12006) } });
    await enterEmail(user);
    await screen.findByRole("dialog", { name: "Welcome back" });
    vi.useFakeTimers();
    act(() => useAuthStore.getState().closeModal());
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(useAuthStore.getState()).toMatchObject({ step: "password", email: EMAIL });
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(useAuthStore.getState()).toMatchObject({ step: "email", email: "" });
    vi.useRealTimers();
  });
});
