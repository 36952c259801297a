// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { waitForPopup } from "@/lib/auth/oauth-popup";

function fakePopup() {
  return { closed: false } as unknown as Window & { closed: boolean };
}

const post = (data: unknown) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin: window.location.origin }));

describe("waitForPopup", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("takes the code even when the popup is already seen closed before its message arrives", async () => {
    const popup = fakePopup();
    const result = waitForPopup(popup);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(600);
    post({ type: "kewl-oauth", code: "c".repeat(20), is_new: true });
    await expect(result).resolves.toEqual({ ok: true, code: "c".repeat(20), isNew: true });
  });

  it("fails when the popup closes without any message", async () => {
    const popup = fakePopup();
    const result = waitForPopup(popup);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ ok: false, reason: "popup_closed" });
  });

  it("ignores messages from other origins", async () => {
    const popup = fakePopup();
    const result = waitForPopup(popup);
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { type: "kewl-oauth", code: "e".repeat(20) },
        origin: "https://evil.example",
      }),
    );
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ ok: false, reason: "popup_closed" });
  });
});
