import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { clickUntil } from "./support";

/** Signing up and in through the dialogs, as a person does (TEST_CAPTCHA_ANSWER, TEST_OUTBOX_ENABLED). */
export const CAPTCHA = "E2E7";
export const PASSWORD = "correct horse 42";

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/** The newest message of a kind for an address, from the test outbox (TEST_OUTBOX_ENABLED). */
export async function latestMail(request: APIRequestContext, email: string, field: "code" | "link"): Promise<string> {
  let value: string | undefined;
  await expect(async () => {
    const res = await request.get(`/v1/test/outbox?email=${encodeURIComponent(email)}`);
    const list = (await res.json()).data.list as Array<{ code: string | null; link: string | null }>;
    value = list.find((m) => m[field])?.[field] ?? undefined;
    expect(value).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return value!;
}

export async function openSignIn(page: Page) {
  await clickUntil(
    page.getByRole("banner").getByRole("button", { name: "Sign in" }),
    page.getByRole("dialog", { name: "Welcome" }),
  );
}

export async function register(page: Page, request: APIRequestContext, email: string) {
  await openSignIn(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Create account" })).toBeVisible();
  await expect(dialog.getByText(`Create a password for ${email}`)).toBeVisible();
  await dialog.getByLabel("Captcha", { exact: true }).fill(CAPTCHA);
  await dialog.getByRole("button", { name: "Send Code" }).click();
  await expect(dialog.getByRole("button", { name: /^\d+s$/ })).toBeDisabled();
  await dialog.getByLabel("Verification code", { exact: true }).fill(await latestMail(request, email, "code"));
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create account" }).click();
}

export async function signIn(page: Page, email: string, password: string) {
  await openSignIn(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign in" }).click();
}
