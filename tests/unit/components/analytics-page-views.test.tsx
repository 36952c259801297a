// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { usePageViews } from "@/components/analytics/use-page-views";
import { analyticsQueue, type AnalyticsCommand } from "@/lib/analytics/analytics-queue";

const route = vi.hoisted(() => ({ pathname: "/", search: "" }));
vi.mock("next/navigation", () => ({
  usePathname: () => route.pathname,
  useSearchParams: () => new URLSearchParams(route.search),
}));

function PageViews() {
  usePageViews();
  return null;
}

/** Moves the window and the mocked router to `path`, as a client-side navigation does. */
function navigate(path: string) {
  window.history.pushState(null, "", path);
  const url = new URL(path, window.location.origin);
  route.pathname = url.pathname;
  route.search = url.search.slice(1);
}

describe("usePageViews", () => {
  let sent: AnalyticsCommand[];
  beforeEach(() => {
    sent = [];
    analyticsQueue.connect({ run: (command) => sent.push(command) });
    navigate("/");
  });
  afterEach(cleanup);

  const views = () =>
    sent.flatMap((c) => (c.kind === "pageview" ? [[c.properties.$url_path, c.properties.$referrer]] : []));

  it("counts the first page once under React's strict mode, then one view per navigation", () => {
    const app = render(
      <StrictMode>
        <PageViews />
      </StrictMode>,
    );
    expect(views()).toEqual([["/", ""]]);

    navigate("/tag/fantasy?page=2");
    app.rerender(
      <StrictMode>
        <PageViews />
      </StrictMode>,
    );
    navigate("/search");
    app.rerender(
      <StrictMode>
        <PageViews />
      </StrictMode>,
    );
    const origin = window.location.origin;
    expect(views()).toEqual([
      ["/", ""],
      ["/tag/fantasy", `${origin}/`],
      ["/search", `${origin}/tag/fantasy?page=2`],
    ]);
  });
});
