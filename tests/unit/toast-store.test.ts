import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearToasts,
  dismissToast,
  toast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  useToastStore,
} from "@/stores/toast-store";

const toasts = () => useToastStore.getState().toasts;

describe("toast store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it("has the SPEC constants", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it("adds an open toast with the default variant", () => {
    const handle = toast({ title: "Hello", description: "World" });
    expect(toasts()).toEqual([{ id: handle.id, title: "Hello", description: "World", variant: "default", open: true }]);
  });

  it("keeps one toast visible at a time, newest first", () => {
    toast({ title: "first" });
    toast({ title: "second" });
    const third = toast({ title: "third", variant: "destructive" });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({ id: third.id, title: "third", variant: "destructive", open: true });
  });

  it("gives every toast a unique id", () => {
    const ids = new Set(Array.from({ length: 50 }, (_, i) => toast({ title: `t${i}` }).id));
    expect(ids.size).toBe(50);
  });

  it("dismiss sets open to false without removing at once", () => {
    const handle = toast({ title: "bye" });
    handle.dismiss();
    expect(toasts()).toEqual([expect.objectContaining({ id: handle.id, open: false })]);
  });

  it("removes a dismissed toast after exactly TOAST_REMOVE_DELAY_MS", () => {
    const { id } = toast({ title: "bye" });
    dismissToast(id);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(toasts().map((t) => t.id)).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(toasts()).toEqual([]);
  });

  it("dismissing twice does not postpone removal", () => {
    const { id } = toast({ title: "bye" });
    dismissToast(id);
    vi.advanceTimersByTime(500_000);
    dismissToast(id);
    vi.advanceTimersByTime(500_000);
    expect(toasts()).toEqual([]);
  });

  it("dismissToast() without an id closes every toast", () => {
    toast({ title: "a" });
    dismissToast();
    expect(toasts().every((t) => !t.open)).toBe(true);
  });

  it("a replaced toast's pending removal does not remove the new one", () => {
    const first = toast({ title: "a" });
    first.dismiss();
    const second = toast({ title: "b" });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(toasts().map((t) => t.id)).toEqual([second.id]);
  });

  it("update changes the toast in place", () => {
    const handle = toast({ title: "Saving" });
    handle.update({ title: "Saved", description: "All good" });
    expect(toasts()[0]).toMatchObject({ id: handle.id, title: "Saved", description: "All good", open: true });
  });

  it("keeps the action", () => {
    const onClick = vi.fn();
    toast({ title: "New Version Available", action: { label: "Reload", onClick } });
    toasts()[0]?.action?.onClick();
    expect(onClick).toHaveBeenCalledOnce();
  });
});
