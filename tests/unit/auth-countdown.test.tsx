// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SEND_CODE_COOLDOWN_SECONDS, useCountdown } from "@/components/auth/use-countdown";

describe("useCountdown", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is idle until started", () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current).toMatchObject({ remaining: 0, running: false });
  });

  it("counts 60 → 0 once a second, then is enabled again", () => {
    expect(SEND_CODE_COOLDOWN_SECONDS).toBe(60);
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start());
    expect(result.current).toMatchObject({ remaining: 60, running: true });

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBe(59);
    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(result.current).toMatchObject({ remaining: 1, running: true });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toMatchObject({ remaining: 0, running: false });

    // no timer left behind
    expect(vi.getTimerCount()).toBe(0);
  });

  it("follows the clock when ticks are late (a throttled tab)", () => {
    const { result } = renderHook(() => useCountdown(10));
    act(() => result.current.start());
    vi.setSystemTime(Date.now() + 7_000);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBe(2);
  });

  it("can be started again after it ends", () => {
    const { result } = renderHook(() => useCountdown(2));
    act(() => result.current.start());
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current.running).toBe(false);
    act(() => result.current.start());
    expect(result.current).toMatchObject({ remaining: 2, running: true });
  });
});
