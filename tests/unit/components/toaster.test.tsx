// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { Toaster } from "@/components/ui/toaster";
import { clearToasts, toast, useToastStore } from "@/stores/toast-store";
import { stubMatchMedia } from "../helpers/match-media";

function region(): HTMLElement {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

function shownToasts(): HTMLLIElement[] {
  return Array.from(region().querySelectorAll("li"));
}

describe("Toaster", () => {
  beforeEach(() => {
    stubMatchMedia();
    clearToasts();
  });
  afterEach(() => {
    cleanup();
    clearToasts();
  });

  it("LazyToaster renders nothing until there is a toast, then shows it in the notifications region", async () => {
    render(<LazyToaster />);
    expect(screen.queryByRole("region", { name: "Notifications (F8)" })).toBeNull();
    act(() => {
      toast({ title: "Saved" });
    });
    expect(await screen.findByText("Saved")).toBeTruthy();
    expect(shownToasts()).toHaveLength(1);
  });

  it("shows only one toast at a time, the newest", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "First" });
      toast({ title: "Second", description: "Details" });
    });
    const items = shownToasts();
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toContain("Second");
    expect(items[0]?.textContent).toContain("Details");
    expect(items[0]?.textContent).not.toContain("First");
  });

  it("styles the destructive variant", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Authentication expired, please login again!", variant: "destructive" });
    });
    const [item] = shownToasts();
    expect(item?.classList.contains("destructive")).toBe(true);
    expect(item?.classList.contains("bg-destructive")).toBe(true);
  });

  it("uses the default style otherwise", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Login successful!" });
    });
    const [item] = shownToasts();
    expect(item?.classList.contains("destructive")).toBe(false);
    expect(item?.classList.contains("bg-card")).toBe(true);
  });

  it("F8 focuses the notifications region", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Hello" });
    });
    expect(region().contains(document.activeElement)).toBe(false);
    fireEvent.keyDown(document, { key: "F8", code: "F8" });
    expect(region().contains(document.activeElement)).toBe(true);
  });

  it("the Close button dismisses the toast", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Bye" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
    expect(shownToasts()).toHaveLength(0);
  });

  it("renders the action with its alt text and runs it", () => {
    const onClick = vi.fn();
    render(<Toaster />);
    act(() => {
      toast({ title: "New Version Available", action: { label: "Reload", onClick } });
    });
    const button = screen.getByRole("button", { name: "Reload" });
    expect(button.closest("[data-radix-toast-announce-alt]")?.getAttribute("data-radix-toast-announce-alt")).toBe(
      "Reload",
    );
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
