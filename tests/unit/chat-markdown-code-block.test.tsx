// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarkdownCodeBlock } from "@/components/chat/markdown-code-block";

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

describe("MarkdownCodeBlock", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("copies the code, says so on the button and in a polite status, then offers to copy again", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    render(<MarkdownCodeBlock lang="ts" text={"const a = 1;\nconst b = '<b>';"} />);
    expect(screen.getByRole("status").textContent).toBe("");

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy code" })));
    expect(writeText).toHaveBeenCalledWith("const a = 1;\nconst b = '<b>';");
    expect(screen.getByRole("button", { name: "Copied" })).toBeDefined();
    expect(screen.getByRole("status").textContent).toBe("Copied");

    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole("button", { name: "Copy code" })).toBeDefined();
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("says when the clipboard refuses, or is not there (a page not served over https)", async () => {
    stubClipboard(() => Promise.reject(new Error("denied")));
    render(<MarkdownCodeBlock lang={null} text="x" />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy code" })));
    expect(screen.getByRole("button", { name: "Copy failed" })).toBeDefined();
    expect(screen.getByRole("status").textContent).toBe("Could not copy the code");
    cleanup();

    stubClipboard(undefined);
    render(<MarkdownCodeBlock lang={null} text="x" />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy code" })));
    expect(screen.getByRole("status").textContent).toBe("Could not copy the code");
  });

  it("labels the scrollable code box for keyboard users", () => {
    render(<MarkdownCodeBlock lang="py" text="print(1)" />);
    const box = screen.getByLabelText("py code");
    expect(box.tagName).toBe("PRE");
    expect(box.getAttribute("tabindex")).toBe("0");
  });
});
