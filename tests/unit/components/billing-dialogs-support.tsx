import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { BillingDialogsContent } from "@/components/billing/billing-dialogs-content";
import { useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { clearToasts, useToastStore } from "@/stores/toast-store";
import { stubAccountFetch, stubMatchMedia, USER, type AccountHandlers } from "../auth-fixtures";
import { configureTestApiClient } from "../helpers/test-api-client";

export const EXPIRES = 1_900_000_000;

export function signIn() {
  useAuthStore.getState().setSession("t".repeat(43), USER);
}

export function renderDialogs(routes: AccountHandlers["routes"]) {
  const api = stubAccountFetch({ routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <QueryClientProvider client={client}>
      <BillingDialogsContent />
    </QueryClientProvider>,
  );
  return api;
}

/** A route that answers when the test says so; `requested` settles once the request reached it (signing is async). */
export function deferredRoute() {
  let seen: () => void = () => undefined;
  let answer: (r: Response) => void = () => undefined;
  const requested = new Promise<void>((r) => (seen = r));
  const handler = () =>
    new Promise<Response>((r) => {
      answer = r;
      seen();
    });
  return { handler, requested, release: (r: Response) => answer(r) };
}

export const toastTitles = () =>
  useToastStore.getState().toasts.map((t) => `${t.title} / ${t.description} / ${t.variant}`);
export const actionButton = () => screen.getByTestId("plan-action");
export const radio = (name: RegExp) => screen.getByRole("radio", { name });

export function fakeTab() {
  return { closed: false, close: vi.fn(), location: { replace: vi.fn() } };
}

export function postPaymentMessage(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data, origin }));
  });
}

/** The hooks every billing dialog test needs: a fresh API client, toasts and storage, and a clean slate after. */
export function resetBillingDialogsEachTest(): void {
  beforeEach(() => {
    stubMatchMedia();
    configureTestApiClient({
      // Failed GETs are retried at once instead of after the real back-off.
      sleep: () => Promise.resolve(),
    });
    clearToasts();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    useAuthStore.setState({ token: null, profile: null, modalOpen: false });
    useDialogStore.getState().closeBilling();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
