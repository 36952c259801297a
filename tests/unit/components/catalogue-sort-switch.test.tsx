// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PaginationNav } from "@/components/catalogue/pagination-nav";
import { SortSwitch } from "@/components/catalogue/sort-switch";

describe("SortSwitch", () => {
  afterEach(cleanup);

  it("links both orders from page 1 and marks the current one", () => {
    render(<SortSwitch current="new" basePath="/tag/fantasy" />);
    const nav = screen.getByRole("navigation", { name: "Sort characters" });
    expect(nav).toBeTruthy();
    const popular = screen.getByRole("link", { name: "Popular" });
    const fresh = screen.getByRole("link", { name: "New" });
    expect(popular.getAttribute("href")).toBe("/tag/fantasy");
    expect(fresh.getAttribute("href")).toBe("/tag/fantasy?sort=new");
    expect(fresh.getAttribute("aria-current")).toBe("page");
    expect(popular.getAttribute("aria-current")).toBeNull();
  });

  it("keeps the sort in the page links", () => {
    render(<PaginationNav page={2} totalPages={5} basePath="/" params={{ sort: "new" }} />);
    expect(screen.getByRole("link", { name: "Page 3" }).getAttribute("href")).toBe("/?sort=new&page=3");
    expect(screen.getByRole("link", { name: "Page 1" }).getAttribute("href")).toBe("/?sort=new");
  });
});
