// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth-store";
import { clearToasts } from "@/stores/toast-store";
import { ok, stubAccountFetch, stubMatchMedia, USER } from "../auth-fixtures";
import { cardPng, plainPng, renderCreate, V2_CARD } from "./creation-fixtures";
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

const AVATAR = `/v1/file/avatars/${"b".repeat(64)}.webp`;

function setup() {
  const server = stubAccountFetch({
    routes: {
      "POST /v1/tag/robot/exists": () => ok({ exists: false }),
      "POST /v1/user/robot/create": () => ok({}),
    },
  });
  useAuthStore.getState().setSession("t".repeat(43), USER);
  renderCreate();
  return { server, user: userEvent.setup() };
}

const cardInput = () => screen.getByLabelText("Choose a card file");
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const jsonFile = (data: unknown, name = "card.json") =>
  new File([typeof data === "string" ? data : JSON.stringify(data)], name, { type: "application/json" });
const pngFile = (bytes: Uint8Array, name = "card.png") => new File([bytes as BlobPart], name, { type: "image/png" });

beforeEach(() => {
  stubMatchMedia();
  configureTestApiClient();
  clearToasts();
  localStorage.clear();
  uploadImage.mockReset();
});
afterEach(() => {
  cleanup();
  useAuthStore.setState({ token: null, profile: null });
  vi.unstubAllGlobals();
});

describe("card import", () => {
  it("fills the form from a V2 JSON card, lists what it could not use and sends the kept data", async () => {
    const { user, server } = setup();
    await user.upload(cardInput(), jsonFile(V2_CARD));
    await waitFor(() => expect(value("Name")).toBe("Captain Vale"));
    expect(value("Greeting")).toBe("Welcome aboard, {{user}}. I am {{char}}.");
    expect(value("Persona")).toBe("A weathered sky-pirate who speaks in riddles.");
    expect(value("Scenario")).toBe("Aboard the airship Gull.");
    expect(value("Example dialogue")).toBe("<START>\n{{char}}: Hold fast.");
    expect(value("Alternate greeting 1")).toBe("Another storm, {{user}}?");
    expect(value("Short intro")).toBe("A pirate captain for stormy adventures.");
    expect(screen.getByRole("button", { name: "Fantasy" }).getAttribute("aria-pressed")).toBe("true");
    const report = screen.getByText("Not used from the card:").parentElement!;
    expect(report.textContent).toContain("Pirates");
    expect(uploadImage).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Create character" }));
    await waitFor(() => expect(server.route("POST /v1/user/robot/create")).toHaveLength(1));
    const body = server.route("POST /v1/user/robot/create")[0]!.body!;
    expect(body.lorebook).toMatchObject(V2_CARD.data.character_book);
    expect(body.card).toMatchObject({
      character_book: null,
      extensions: { depth_prompt: { depth: 4, prompt: "stay salty" } },
      extra: { unknown_field: 7 },
      creator: "someone",
      character_version: "1.2",
    });
  });

  it("fills the form from a PNG card and uploads the PNG as the avatar", async () => {
    uploadImage.mockResolvedValue({ url: AVATAR, content_type: "image/webp", width: 512, height: 512, bytes: 10 });
    const { user } = setup();
    const file = pngFile(cardPng(V2_CARD));
    await user.upload(cardInput(), file);
    await waitFor(() => expect(value("Name")).toBe("Captain Vale"));
    await waitFor(() => expect(screen.getByTestId("avatar-preview").getAttribute("src")).toBe(AVATAR));
    expect(uploadImage.mock.calls[0]?.[0]).toBe(file);
  });

  it("survives a reload as a draft, kept card data included", async () => {
    const { user } = setup();
    await user.upload(cardInput(), jsonFile(V2_CARD));
    await waitFor(() => expect(value("Name")).toBe("Captain Vale"));
    const saved = JSON.parse(localStorage.getItem("character-draft:new")!) as { value: { lorebook: string } };
    expect(JSON.parse(saved.value.lorebook)).toMatchObject(V2_CARD.data.character_book);
  });

  it.each([
    ["a file over 8 MB", () => jsonFile("x".repeat(8 * 1024 * 1024 + 1)), /larger than 8 MB/],
    ["malformed JSON", () => jsonFile("{ not json"), /not valid JSON/],
    ["JSON that is not a card", () => jsonFile({ spec: "something_else", data: {} }), /Unknown card format/],
    ["non-UTF-8 text", () => new File([Uint8Array.of(0x7b, 0xff, 0xfe, 0x7d)], "c.json"), /not UTF-8/],
    ["a PNG without a card", () => pngFile(plainPng()), /no character card/],
    [
      "a PNG with a bogus chunk length",
      () => {
        const bytes = cardPng(V2_CARD);
        new DataView(bytes.buffer).setUint32(8, 0x7ffffff0);
        return pngFile(bytes);
      },
      /too large|runs past/,
    ],
    ["a truncated PNG", () => pngFile(cardPng(V2_CARD).subarray(0, 60)), /truncated|runs past/],
  ])("says plainly when it gets %s, and keeps the form as it was", async (_what, make, message) => {
    const { user } = setup();
    await user.type(screen.getByLabelText("Name"), "Kept");
    await user.upload(cardInput(), make());
    expect((await screen.findByTestId("card-import-error")).textContent).toMatch(message);
    expect(value("Name")).toBe("Kept");
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it("keeps script-like card text inert", async () => {
    const { user } = setup();
    const evil = {
      ...V2_CARD,
      data: { ...V2_CARD.data, name: "<script>alert(1)</script>", first_mes: "<img src=x onerror=alert(1)>" },
    };
    await user.upload(cardInput(), jsonFile(evil));
    await waitFor(() => expect(value("Name")).toBe("<script>alert(1)</script>"));
    expect(document.querySelector("script")).toBeNull();
    expect(document.querySelector("img[src='x']")).toBeNull();
    expect(screen.getByTestId("chat-greeting").textContent).toContain("<img src=x onerror=alert(1)>");
  });
});
