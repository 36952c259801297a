// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, type Mock, vi } from "vitest";
import { Link } from "@/components/ui/link";

// The link only ever calls prefetch.
const router = { prefetch: vi.fn() } as unknown as AppRouterInstance & { prefetch: Mock };

function withRouter(children: ReactNode) {
  return <AppRouterContext.Provider value={router}>{children}</AppRouterContext.Provider>;
}

describe("Link", () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("prefetches through router.prefetch on hover and touch (the default priority, never intent)", () => {
    const onMouseEnter = vi.fn();
    render(
      withRouter(
        <Link href="/character/7" onMouseEnter={onMouseEnter}>
          Nova
        </Link>,
      ),
    );
    const link = screen.getByRole("link", { name: "Nova" });
    expect(link.getAttribute("href")).toBe("/character/7");
    fireEvent.mouseEnter(link);
    fireEvent.touchStart(link);
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    expect(router.prefetch.mock.calls).toEqual([["/character/7"], ["/character/7"]]);
  });

  it("prefetches once in view", () => {
    const observed: Element[] = [];
    let notify: ((entries: Partial<IntersectionObserverEntry>[]) => void) | undefined;
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
          notify = callback;
        }
        observe = (el: Element) => observed.push(el);
        unobserve = vi.fn();
        disconnect = vi.fn();
      },
    );
    render(withRouter(<Link href="/tag/fantasy">Fantasy</Link>));
    expect(observed).toHaveLength(1);
    notify?.([{ target: observed[0]!, isIntersecting: true }]);
    notify?.([{ target: observed[0]!, isIntersecting: true }]);
    expect(router.prefetch.mock.calls).toEqual([["/tag/fantasy"]]);
    vi.unstubAllGlobals();
  });

  it("prefetches nothing with prefetch={false}, for other sites, or outside the App Router", () => {
    render(
      <>
        {withRouter(
          <>
            <Link href="/search" prefetch={false}>
              Search
            </Link>
            <Link href="https://example.com/">Elsewhere</Link>
          </>,
        )}
        <Link href="/faq">FAQ</Link>
      </>,
    );
    for (const name of ["Search", "Elsewhere", "FAQ"]) fireEvent.mouseEnter(screen.getByRole("link", { name }));
    expect(router.prefetch).not.toHaveBeenCalled();
  });
});
