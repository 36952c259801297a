// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CharacterActions, type CharacterActionsProps } from "@/components/character/character-actions";
import { SIGNATURE_HEADER } from "@/lib/api/signature";
import { useAuthStore } from "@/stores/auth-store";
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
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/character/7" }));

const ROBOT: CharacterActionsProps["robot"] = {
  id: 7,
  name: "Captain <Nova>",
  visibility: "public",
  creatorKey: USER.key,
};

function setup(options: { signedIn?: typeof USER | null; robot?: Partial<CharacterActionsProps["robot"]> } = {}) {
  const signedIn = options.signedIn === undefined ? USER : options.signedIn;
  if (signedIn) useAuthStore.getState().setSession("t".repeat(43), signedIn);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CharacterActions robot={{ ...ROBOT, ...options.robot }} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const lastToast = () => useToastStore.getState().toasts[0];

beforeEach(() => {
  stubMatchMedia();
  configureTestApiClient();
  clearToasts();
  router.push.mockClear();
});
afterEach(() => {
  cleanup();
  useAuthStore.setState({ token: null, profile: null });
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("character page actions", () => {
  it("shows Edit and Delete to the creator only", () => {
    setup();
    expect(screen.getByRole("link", { name: "Edit Captain <Nova>" }).getAttribute("href")).toBe("/create?edit=7");
    expect(screen.getByRole("button", { name: "Delete Captain <Nova>" })).toBeTruthy();
    cleanup();
    useAuthStore.setState({ token: null, profile: null });

    setup({ signedIn: { ...USER, uid: "u_2", key: "someone_else" } });
    expect(screen.queryByRole("link", { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
    cleanup();
    useAuthStore.setState({ token: null, profile: null });

    setup({ signedIn: null });
    expect(screen.queryByRole("link", { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
    // Everyone may export and copy a public character.
    expect(screen.getByRole("button", { name: "Export" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Make a copy of Captain <Nova>" }).getAttribute("href")).toBe(
      "/create?from=7",
    );
  });

  it("offers no export or copy of a private character to anyone but its creator", () => {
    setup({ signedIn: { ...USER, uid: "u_2", key: "someone_else" }, robot: { visibility: "private" } });
    expect(screen.queryByRole("button", { name: "Export" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Make a copy/ })).toBeNull();
    cleanup();
    useAuthStore.setState({ token: null, profile: null });

    setup({ robot: { visibility: "private" } });
    expect(screen.getByRole("button", { name: "Export" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Make a copy/ })).toBeNull();
  });

  it("asks before deleting: the name in the text, focus on Cancel, back on Delete after Escape", async () => {
    const server = stubAccountFetch({});
    const user = setup();
    const deleteButton = screen.getByRole("button", { name: "Delete Captain <Nova>" });
    await user.click(deleteButton);
    const dialog = await screen.findByRole("dialog", { name: "Delete Captain <Nova>?" });
    expect(within(dialog).getByText("Captain <Nova>").tagName).toBe("SPAN");
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" })));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(deleteButton));
    expect(server.calls).toHaveLength(0);
  });

  it("deletes on confirmation, says so and goes to the creator's profile", async () => {
    const server = stubAccountFetch({ routes: { "POST /v1/user/robot/delete": () => ok({ id: 7, deleted: true }) } });
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Delete Captain <Nova>" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete character" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/profile/ada_l"));
    expect(server.route("POST /v1/user/robot/delete")[0]?.body).toMatchObject({ id: 7 });
    expect(server.route("POST /v1/user/robot/delete")[0]?.headers.get("authorization")).toBe(
      `Bearer ${"t".repeat(43)}`,
    );
    expect(lastToast()).toMatchObject({ title: "Character deleted", variant: "default" });
    expect(lastToast()?.description).toContain("Captain <Nova>");
  });

  it("shows a refused deletion's message in a toast and stays", async () => {
    stubAccountFetch({
      routes: { "POST /v1/user/robot/delete": () => fail(40302, "This character is not yours", 403) },
    });
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Delete Captain <Nova>" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete character" }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: "Could not delete the character",
        description: "This character is not yours",
        variant: "destructive",
      }),
    );
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("card export", () => {
  function stubDownload() {
    const created: Blob[] = [];
    const clicked: Array<{ download: string; href: string }> = [];
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return "blob:http://localhost/card";
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    return { created, clicked };
  }

  async function exportAs(user: ReturnType<typeof userEvent.setup>, label: RegExp) {
    await user.click(screen.getByRole("button", { name: "Export" }));
    await user.click(screen.getByRole("button", { name: label }));
  }

  it("downloads the file with the token, named by Content-Disposition", async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const routes: AccountHandlers["routes"] = {
      "GET /v1/robot/card": () =>
        new Response(bytes, {
          status: 200,
          headers: {
            "content-type": "image/png",
            "content-disposition": `attachment; filename="card.png"; filename*=UTF-8''Captain%20Nova.png`,
          },
        }),
    };
    const server = stubAccountFetch({ routes });
    const { created, clicked } = stubDownload();
    const user = setup();
    await exportAs(user, /PNG card/);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({ download: "Captain Nova.png", href: "blob:http://localhost/card" });
    expect(new Uint8Array(await created[0]!.arrayBuffer())).toEqual(bytes);
    const call = server.route("GET /v1/robot/card")[0]!;
    expect(call.headers.get("authorization")).toBe(`Bearer ${"t".repeat(43)}`);
    expect(call.headers.get(SIGNATURE_HEADER)).toMatch(/\S/);
    expect(lastToast()).toBeUndefined();
  });

  it("shows the envelope's message when the export is refused", async () => {
    const server = stubAccountFetch({
      routes: { "GET /v1/robot/card": () => fail(40301, "Please verify your age first", 403) },
    });
    const { clicked } = stubDownload();
    const user = setup({ signedIn: null });
    await exportAs(user, /JSON card/);
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: "Could not export the card",
        description: "Please verify your age first",
        variant: "destructive",
      }),
    );
    expect(clicked).toHaveLength(0);
    const url = new URL(server.fetch.mock.calls[0]![0] as string);
    expect(url.searchParams.get("id")).toBe("7");
    expect(url.searchParams.get("format")).toBe("json");
    expect(server.route("GET /v1/robot/card")[0]?.headers.get("authorization")).toBeNull();
  });
});
