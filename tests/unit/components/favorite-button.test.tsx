// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FavoriteButton } from "@/components/character/favorite-button";
import { useAuthStore } from "@/stores/auth-store";
import { clearToasts, useToastStore } from "@/stores/toast-store";
import { fail, ok, stubAccountFetch, USER } from "../auth-fixtures";
import { configureTestApiClient } from "../helpers/test-api-client";

beforeEach(() => {
  configureTestApiClient();
  useAuthStore.getState().setSession("t".repeat(43), USER);
  clearToasts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, profile: null });
});

describe("favourite button", () => {
  it("keeps the keyboard's focus while the change is saved, and ignores presses meanwhile", async () => {
    const answers: ((response: Response) => void)[] = [];
    const server = stubAccountFetch({
      routes: {
        "POST /v1/user/favorites/check": () => ok({ favorited: [] }),
        "POST /v1/user/favorites/add": () => new Promise<Response>((answer) => answers.push(answer)),
      },
    });
    render(<FavoriteButton robotId={7} initialCount={41} />);
    await waitFor(() => expect(server.route("POST /v1/user/favorites/check")).toHaveLength(1));
    const button = screen.getByRole<HTMLButtonElement>("button", { name: "Add to favourites, 41" });
    button.focus();
    const user = userEvent.setup();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    await user.keyboard("{Enter}");
    expect(server.route("POST /v1/user/favorites/add")).toHaveLength(1);

    answers[0]!(ok({ robot_id: 7, favorited: true, favorite_count: 42 }));
    await waitFor(() => expect(button.getAttribute("aria-label")).toBe("Remove from favourites, 42"));
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(button.getAttribute("aria-disabled")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("puts the heart back and says so when the change fails", async () => {
    stubAccountFetch({
      routes: {
        "POST /v1/user/favorites/check": () => ok({ favorited: [] }),
        "POST /v1/user/favorites/add": () => fail(50000, "boom", 500),
      },
    });
    render(<FavoriteButton robotId={7} initialCount={41} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add to favourites, 41" }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toBe("Could not update favourites"));
    const button = screen.getByRole("button", { name: "Add to favourites, 41" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(document.activeElement).toBe(button);
  });
});
