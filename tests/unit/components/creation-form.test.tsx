// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth-store";
import { clearToasts, useToastStore } from "@/stores/toast-store";
import { fail, ok, stubAccountFetch, stubMatchMedia, USER, type AccountHandlers } from "../auth-fixtures";
import { renderCreate, TAGS } from "./creation-fixtures";
import { configureTestApiClient } from "../helpers/test-api-client";

const router = {
  push: vi.fn(),
  replace: vi.fn(),
  refresh: vi.fn(),
  back: vi.fn(),
  forward: vi.fn(),
  prefetch: vi.fn(),
};
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/create" }));
const uploadImage = vi.fn();
vi.mock("@/lib/files/upload-image", () => ({ uploadImage: (...args: unknown[]) => uploadImage(...args) }));

const DRAFT = "character-draft:new";
const SAVED = {
  id: 42,
  key: "ada-bot-x1",
  name: "Ada Bot",
  avatar: "",
  intro: "Hi",
  greeting: "Hello",
  alternate_greetings: [],
  persona: "",
  scenario: "",
  example_dialogue: "",
  tags: [],
  nsfw: false,
  visibility: "public",
  card: {
    extensions: {},
    character_book: null,
    extra: {},
    creator_notes: "",
    system_prompt: "",
    post_history_instructions: "",
    creator: "",
    character_version: "",
    nickname: "",
    group_only_greetings: [],
  },
  copied_from: null,
  creator: { key: "ada_l", name: "Ada" },
  is_owner: true,
  created_at: 1,
  updated_at: 1,
};

function signIn() {
  useAuthStore.getState().setSession("t".repeat(43), USER);
}

function setup(handlers: AccountHandlers = {}) {
  const server = stubAccountFetch({
    ...handlers,
    routes: { "POST /v1/tag/robot/exists": () => ok({ exists: false }), ...handlers.routes },
  });
  signIn();
  const view = renderCreate();
  return { server, view, user: userEvent.setup() };
}

function describedText(el: HTMLElement): string {
  const ids = el.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "  Ada Bot ");
  await user.type(screen.getByLabelText("Short intro"), "Hi");
  await user.type(screen.getByLabelText("Greeting"), "Hello");
}

const submitButton = () => screen.getByRole("button", { name: "Create character" });

beforeEach(() => {
  stubMatchMedia();
  configureTestApiClient();
  clearToasts();
  localStorage.clear();
  router.push.mockClear();
  uploadImage.mockReset();
});
afterEach(() => {
  cleanup();
  useAuthStore.setState({ token: null, profile: null, modalOpen: false });
  vi.unstubAllGlobals();
});

describe("/create signed out", () => {
  it("says what it is and opens the sign-in dialog", async () => {
    stubAccountFetch({});
    renderCreate();
    const user = userEvent.setup();
    expect(screen.getByText(/Make your own AI character/)).toBeTruthy();
    expect(screen.queryByRole("form")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Sign in to create" }));
    expect(useAuthStore.getState().modalOpen).toBe(true);
  });
});

describe("the character form", () => {
  it("shows the contract's messages under the fields, linked, and clears one when its field is edited", async () => {
    const { user, server } = setup();
    await user.click(submitButton());
    const name = screen.getByLabelText("Name");
    // The form validates through an asynchronous resolver: wait for its messages, and for one to go.
    await waitFor(() => expect(describedText(name)).toContain("Please enter a name"));
    expect(describedText(screen.getByLabelText("Short intro"))).toContain("Please write a short intro");
    expect(describedText(screen.getByLabelText("Greeting"))).toContain("Please write the first message");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    await user.type(name, "A");
    await waitFor(() => expect(describedText(name)).not.toContain("Please enter a name"));
    expect(describedText(screen.getByLabelText("Short intro"))).toContain("Please write a short intro");
    expect(server.route("POST /v1/user/robot/create")).toHaveLength(0);
  });

  it("counts characters against each maximum", async () => {
    const { user } = setup();
    expect(describedText(screen.getByLabelText("Name"))).toContain("0/60");
    await user.type(screen.getByLabelText("Name"), "Ada");
    expect(describedText(screen.getByLabelText("Name"))).toContain("3/60");
    await user.type(screen.getByLabelText("Short intro"), "Hello");
    expect(describedText(screen.getByLabelText("Short intro"))).toContain("5/500");
    expect(screen.getByLabelText("Greeting").getAttribute("maxlength")).toBe("4000");
  });

  it("creates the character with trimmed values, tags and visibility, then goes to its page", async () => {
    const { user, server } = setup({ routes: { "POST /v1/user/robot/create": () => ok(SAVED) } });
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Fantasy" }));
    expect(screen.getByRole("button", { name: "Fantasy" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(screen.getByRole("radio", { name: /Unlisted/ }));
    await user.click(screen.getByRole("switch", { name: "18+ (NSFW)" }));
    await user.click(screen.getByRole("button", { name: "Add a greeting" }));
    await user.type(screen.getByLabelText("Alternate greeting 1"), "Again?");
    expect(localStorage.getItem(DRAFT)).not.toBeNull();
    await user.click(submitButton());
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/character/42"));
    expect(server.route("POST /v1/user/robot/create")[0]?.body).toMatchObject({
      name: "Ada Bot",
      intro: "Hi",
      greeting: "Hello",
      alternate_greetings: ["Again?"],
      tags: ["fantasy"],
      nsfw: true,
      visibility: "unlisted",
      avatar: "",
    });
    expect(localStorage.getItem(DRAFT)).toBeNull();
    expect(useToastStore.getState().toasts[0]?.title).toBe("Character created");
  });

  it("caps tags at five and alternate greetings at ten", async () => {
    const { user } = setup();
    for (const tag of TAGS.slice(0, 5)) await user.click(screen.getByRole("button", { name: tag.name }));
    expect((screen.getByRole("button", { name: "Mystery" }) as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 10; i++) await user.click(screen.getByRole("button", { name: "Add a greeting" }));
    expect((screen.getByRole("button", { name: "Add a greeting" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Remove alternate greeting 3" }));
    expect(screen.queryByLabelText("Alternate greeting 10")).toBeNull();
  });

  it("an empty alternate greeting row says so", async () => {
    const { user } = setup();
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Add a greeting" }));
    await user.click(submitButton());
    const greeting = await screen.findByLabelText("Alternate greeting 1");
    await waitFor(() => expect(describedText(greeting)).toContain("Write this greeting or remove it"));
  });

  it("puts a server 400 naming a field under it, other failures in a toast, and keeps what was typed", async () => {
    let answer = () => fail(400, "Invalid field 'intro': Intro must be at most 500 characters");
    const { user } = setup({ routes: { "POST /v1/user/robot/create": () => answer() } });
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() =>
      expect(describedText(screen.getByLabelText("Short intro"))).toContain("Intro must be at most 500 characters"),
    );
    answer = () => fail(42905, "Too many characters created. Try again later.", 429);
    await user.click(submitButton());
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]?.description).toBe("Too many characters created. Try again later."),
    );
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("  Ada Bot ");
    expect(router.push).not.toHaveBeenCalled();
  });

  it("warns, without blocking, when the name is used", async () => {
    const { user, server } = setup({ routes: { "POST /v1/tag/robot/exists": () => ok({ exists: true }) } });
    await user.type(screen.getByLabelText("Name"), "Luna");
    expect(
      await screen.findByText(
        "A character with this name already exists. You can still use it.",
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(server.route("POST /v1/tag/robot/exists").at(-1)?.body).toMatchObject({ name: "Luna" });
  });

  it("uploads an avatar, previews it square, and Remove goes back to the generated one", async () => {
    uploadImage.mockResolvedValue({ url: `/v1/file/avatars/${"a".repeat(64)}.webp`, content_type: "image/webp" });
    const { user } = setup();
    const preview = () => screen.getByTestId("avatar-preview") as HTMLImageElement;
    expect(preview().getAttribute("src")).toMatch(/^\/v1\/avatar\/bottts\//);
    await user.upload(screen.getByLabelText("Upload an image"), new File(["x"], "me.png", { type: "image/png" }));
    await waitFor(() => expect(preview().getAttribute("src")).toBe(`/v1/file/avatars/${"a".repeat(64)}.webp`));
    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(preview().getAttribute("src")).toMatch(/^\/v1\/avatar\/bottts\//);
  });

  it("shows an upload's error under the avatar", async () => {
    const { ApiError } = await import("@/lib/api");
    uploadImage.mockRejectedValue(new ApiError({ code: 41501, msg: "This file is not a PNG, JPEG or WebP image" }));
    const { user } = setup();
    await user.upload(screen.getByLabelText("Upload an image"), new File(["x"], "me.png", { type: "image/png" }));
    expect(await screen.findByText("This file is not a PNG, JPEG or WebP image")).toBeTruthy();
  });

  it("shows the card and the first message in the preview, as text", async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText("Name"), "Vex");
    await user.type(screen.getByLabelText("Greeting"), "Hi {{{{user}}, <img src=x onerror=alert(1)>");
    const preview = screen.getByTestId("character-preview");
    expect(within(preview).getByRole("heading", { name: "Vex" })).toBeTruthy();
    expect(within(preview).getByTestId("chat-greeting").textContent).toContain("Hi Ada, <img src=x onerror=alert(1)>");
    expect(preview.querySelector("img[src='x']")).toBeNull();
  });
});

describe("drafts", () => {
  it("keeps the values across a reload and drops them after Discard draft", async () => {
    const first = setup();
    await first.user.type(screen.getByLabelText("Name"), "Draft Bot");
    await first.user.click(screen.getByRole("button", { name: "Sci-Fi" }));
    first.view.unmount();
    renderCreate();
    const user = userEvent.setup();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Draft Bot");
    expect(screen.getByRole("button", { name: "Sci-Fi" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Discard draft" }));
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    expect(localStorage.getItem(DRAFT)).toBeNull();
  });

  it.each([
    ["not JSON", "{nope"],
    ["the wrong shape", JSON.stringify({ value: { name: 5 }, timestamp: Date.now() })],
    ["an unknown visibility", JSON.stringify({ value: { visibility: "everyone" }, timestamp: Date.now() })],
  ])("drops a draft that is %s", (_what, raw) => {
    localStorage.setItem(DRAFT, raw);
    setup();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    expect(localStorage.getItem(DRAFT)).toBeNull();
  });

  it("keeps one draft per mode", async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText("Name"), "New one");
    expect(localStorage.getItem("character-draft:copy:7")).toBeNull();
    expect(JSON.parse(localStorage.getItem(DRAFT)!).value.name).toBe("New one");
  });
});
