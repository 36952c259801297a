// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PrivateCharacterFallback } from "@/components/character/private-character-fallback";
import type { RobotDetail } from "@/lib/contracts/catalogue";
import { useAuthStore } from "@/stores/auth-store";
import { fail, ok, stubAccountFetch, stubMatchMedia, USER } from "../auth-fixtures";
import { configureTestApiClient } from "../helpers/test-api-client";

const router = {
  push: vi.fn(),
  replace: vi.fn(),
  refresh: vi.fn(),
  back: vi.fn(),
  forward: vi.fn(),
  prefetch: vi.fn(),
};
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/character/9" }));

const PRIVATE: RobotDetail = {
  alternate_greetings: [],
  id: 9,
  key: "r9",
  name: "Secret <b>Sam</b>",
  intro: "Only for me",
  avatar: "",
  nsfw: false,
  chat_count: 0,
  favorite_count: 0,
  tags: [],
  greeting: "Hello {{user}}",
  visibility: "private",
  copied_from: { id: null, name: "Original Olga", creator_name: "Olga's maker" },
  scenario: "",
  creator: { key: USER.key, name: USER.name, face: "" },
  is_favorite: false,
};

function renderFallback() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PrivateCharacterFallback id={9} view="page">
        <p>Page Not Found: /character/9</p>
      </PrivateCharacterFallback>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  stubMatchMedia();
  configureTestApiClient();
  router.replace.mockClear();
});
afterEach(() => {
  cleanup();
  useAuthStore.setState({ token: null, profile: null });
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("a private character behind the 404", () => {
  it("signed out: the 404 message stays and nothing is asked", () => {
    const server = stubAccountFetch({});
    renderFallback();
    expect(screen.getByText("Page Not Found: /character/9")).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it("its creator sees the character page, with the badge, the credit as text and owner actions", async () => {
    const server = stubAccountFetch({
      routes: {
        "POST /v1/tag/robot/detail": () => ok(PRIVATE),
        "POST /v1/user/favorites/check": () => ok({ favorited: [] }),
      },
    });
    useAuthStore.getState().setSession("t".repeat(43), USER);
    renderFallback();
    expect(await screen.findByRole("heading", { level: 1, name: "Secret <b>Sam</b>" })).toBeTruthy();
    expect(screen.queryByText("Page Not Found: /character/9")).toBeNull();
    expect(screen.getByTestId("visibility-badge").textContent).toBe("Private");
    // The original is gone (id null): its name is text, not a link.
    expect(screen.getByTestId("copy-credit").textContent).toBe("Based on Original Olga by Olga's maker");
    expect(screen.queryByRole("link", { name: "Original Olga" })).toBeNull();
    expect(screen.getByRole("link", { name: "Edit Secret <b>Sam</b>" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Make a copy/ })).toBeNull();
    const call = server.route("POST /v1/tag/robot/detail")[0]!;
    expect(call.body).toMatchObject({ id: 9 });
    expect(call.headers.get("authorization")).toBe(`Bearer ${"t".repeat(43)}`);
    await waitFor(() => expect(document.title).toBe("Secret <b>Sam</b> · Kewl"));
  });

  it("anyone else signed in keeps the 404 message", async () => {
    const server = stubAccountFetch({
      routes: { "POST /v1/tag/robot/detail": () => fail(404, "Character not found", 404) },
    });
    useAuthStore.getState().setSession("t".repeat(43), { ...USER, uid: "u_2", key: "bob" });
    renderFallback();
    await waitFor(() => expect(server.route("POST /v1/tag/robot/detail")).toHaveLength(1));
    expect(await screen.findByText("Page Not Found: /character/9")).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
  });

  it("an NSFW one before the age check goes to the age gate", async () => {
    stubAccountFetch({
      routes: { "POST /v1/tag/robot/detail": () => fail(40301, "Age verification required", 403) },
    });
    useAuthStore.getState().setSession("t".repeat(43), USER);
    renderFallback();
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/age-verification?next=%2Fcharacter%2F9"));
  });
});
