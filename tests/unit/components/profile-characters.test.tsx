// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProfileCharacters } from "@/components/profile/profile-characters";
import type { OwnCharacterCard } from "@/lib/contracts/creation";
import { useAuthStore } from "@/stores/auth-store";
import { clearToasts, useToastStore } from "@/stores/toast-store";
import { ok, stubAccountFetch, stubMatchMedia, USER } from "../auth-fixtures";
import { configureTestApiClient } from "../helpers/test-api-client";

const router = {
  push: vi.fn(),
  replace: vi.fn(),
  refresh: vi.fn(),
  back: vi.fn(),
  forward: vi.fn(),
  prefetch: vi.fn(),
};
vi.mock("next/navigation", () => ({
  useRouter: () => router,
  usePathname: () => "/profile/ada_l",
  useSearchParams: () => new URLSearchParams(window.location.search),
}));

const VISIBILITY = ["public", "unlisted", "private"] as const;
const card = (id: number): OwnCharacterCard => ({
  id,
  key: `r${id}`,
  name: `Robot ${id}`,
  intro: `Intro ${id}`,
  avatar: "",
  nsfw: false,
  chat_count: 0,
  favorite_count: 0,
  tags: [],
  visibility: VISIBILITY[id % 3]!,
  created_at: 1_700_000_000 + id,
});

/** A server holding `count` characters, newest first; deleting one removes it. */
function ownServer(count: number) {
  let ids = Array.from({ length: count }, (_, i) => count - i);
  stubAccountFetch({
    routes: {
      "POST /v1/user/robot/delete": (body) => {
        ids = ids.filter((id) => id !== body.id);
        return ok({ id: body.id, deleted: true });
      },
    },
  });
  return stubList(() => ids);
}

/** The list is a GET with its parameters in the query (the fixture routes by path and body): answered from the URL. */
function stubList(ids: () => number[]) {
  const inner = globalThis.fetch;
  const pages: number[] = [];
  const wrapped = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname !== "/v1/user/robot/list") return inner(input, init);
    const page = Number(url.searchParams.get("page"));
    const size = Number(url.searchParams.get("page_size"));
    pages.push(page);
    const all = ids();
    return ok({ list: all.slice((page - 1) * size, page * size).map(card), total: all.length, page, page_size: size });
  });
  vi.stubGlobal("fetch", wrapped);
  return { pages, fetch: wrapped };
}

function renderProfile(profileKey = USER.key) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProfileCharacters profileKey={profileKey} name="Ada" publicTotal={3} page={1}>
        <ul aria-label="Characters by Ada">
          <li>Server-rendered public character</li>
        </ul>
      </ProfileCharacters>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  stubMatchMedia();
  configureTestApiClient();
  clearToasts();
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
  useAuthStore.setState({ token: null, profile: null });
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("profile characters", () => {
  it("visitors see the server-rendered public list and its count", () => {
    renderProfile();
    expect(screen.getByText("Server-rendered public character")).toBeTruthy();
    expect(screen.getByTestId("character-count").textContent).toBe("3 characters");
    expect(screen.queryByRole("link", { name: "Create a character" })).toBeNull();
  });

  it("another signed-in user sees the visitors' list", () => {
    useAuthStore.getState().setSession("t".repeat(43), { ...USER, uid: "u_2", key: "bob" });
    renderProfile();
    expect(screen.getByText("Server-rendered public character")).toBeTruthy();
  });

  it("the owner sees all their characters with badges, the count, Edit, Delete and pages of 10", async () => {
    const server = ownServer(12);
    useAuthStore.getState().setSession("t".repeat(43), USER);
    const user = renderProfile();
    expect(screen.queryByText("Server-rendered public character")).toBeNull();
    const list = await screen.findByRole("list", { name: "Characters by Ada" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(screen.getByTestId("character-count").textContent).toBe("12 characters");
    expect(screen.getByRole("link", { name: "Create a character" }).getAttribute("href")).toBe("/create");

    // Robot 12 is public (12 % 3 = 0), 11 private, 10 unlisted.
    const item = (name: string) => screen.getByRole("link", { name }).closest("li")!;
    expect(within(item("Robot 12")).queryByTestId("visibility-badge")).toBeNull();
    expect(within(item("Robot 11")).getByTestId("visibility-badge").textContent).toBe("Private");
    expect(within(item("Robot 10")).getByTestId("visibility-badge").textContent).toBe("Unlisted");
    expect(within(item("Robot 10")).getByRole("link", { name: "Edit Robot 10" }).getAttribute("href")).toBe(
      "/create?edit=10",
    );

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(screen.getAllByRole("link", { name: /^Robot / })).toHaveLength(2));
    expect(server.pages).toEqual([1, 2]);
    expect(screen.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
  });

  it("deleting from the list removes the card, updates the count and focuses the heading", async () => {
    ownServer(2);
    useAuthStore.getState().setSession("t".repeat(43), USER);
    const user = renderProfile();
    await screen.findByRole("link", { name: "Robot 2" });
    await user.click(screen.getByRole("button", { name: "Delete Robot 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Robot 2?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete character" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Robot 2" })).toBeNull());
    expect(screen.getByTestId("character-count").textContent).toBe("1 character");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your characters" })));
    expect(useToastStore.getState().toasts[0]?.title).toBe("Character deleted");
  });

  it("?tab=favourites shows the owner's favourites; removing one takes it out at once, re-pages and offers Undo", async () => {
    let ids = Array.from({ length: 11 }, (_, i) => 100 + i);
    const removed: number[] = [];
    stubAccountFetch({
      routes: {
        "POST /v1/user/favorites/list": (body) => {
          const page = Number(body.page);
          const size = Number(body.page_size);
          const list = ids.slice((page - 1) * size, page * size).map(card);
          return ok({ list, total: ids.length, page, page_size: size });
        },
        "POST /v1/user/favorites/remove": (body) => {
          removed.push(Number(body.robot_id));
          ids = ids.filter((id) => id !== body.robot_id);
          return ok({ robot_id: body.robot_id, favorited: false, favorite_count: 0 });
        },
        "POST /v1/user/favorites/add": (body) => {
          ids = [Number(body.robot_id), ...ids];
          return ok({ robot_id: body.robot_id, favorited: true, favorite_count: 1 });
        },
      },
    });
    window.history.replaceState(null, "", "/profile/ada_l?tab=favourites");
    useAuthStore.getState().setSession("t".repeat(43), USER);
    const user = renderProfile();
    expect(screen.getByRole("tab", { name: "Favourites" }).getAttribute("aria-selected")).toBe("true");
    const list = await screen.findByRole("list", { name: "Your favourites" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(screen.getByTestId("favourite-count").textContent).toBe("11 characters");
    expect(screen.queryByRole("link", { name: "Robot 110" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Remove Robot 100 from favourites" }));
    expect(screen.queryByRole("link", { name: "Robot 100" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your favourites" }));
    // The first favourite of page 2 moves up; there is no page 2 any more.
    await screen.findByRole("link", { name: "Robot 110" });
    expect(removed).toEqual([100]);
    expect(screen.getByTestId("favourite-count").textContent).toBe("10 characters");
    expect(screen.queryByRole("button", { name: "Page 2" })).toBeNull();

    const shown = useToastStore.getState().toasts[0]!;
    expect(shown).toMatchObject({ title: "Removed from favourites", description: "Robot 100" });
    shown.action!.onClick();
    await screen.findByRole("link", { name: "Robot 100" });
    expect(screen.getByRole("button", { name: "Page 2" })).toBeTruthy();
  });

  it("the tabs switch with the keyboard and keep the tab in the address", async () => {
    ownServer(1);
    stubAccountFetch({
      routes: { "POST /v1/user/favorites/list": () => ok({ list: [], total: 0, page: 1, page_size: 10 }) },
    });
    useAuthStore.getState().setSession("t".repeat(43), USER);
    const user = renderProfile();
    const characters = screen.getByRole("tab", { name: "Characters" });
    expect(characters.getAttribute("aria-selected")).toBe("true");
    characters.focus();
    await user.keyboard("{ArrowRight}");
    expect(window.location.search).toBe("?tab=favourites");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Favourites" }));
  });
});
