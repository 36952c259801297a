import { describe, expect, it } from "vitest";
import { routablePageUrl } from "@/server/page-path";
import { routeParam, searchText } from "@/server/pages/route-param";

describe("routablePageUrl (before Next routes a page request)", () => {
  it.each([
    ["/profile/%", "/profile/%25"],
    ["/tag/%E0%A4%A?page=2", "/tag/%25E0%25A4%25A?page=2"],
    ["/character/%zz/opengraph-image", "/character/%25zz/opengraph-image"],
  ])("escapes the %% of a segment that does not decode: %s", (url, expected) =>
    expect(routablePageUrl(url)).toBe(expected),
  );

  it.each([["/"], ["/tag/fantasy?q=%"], ["/tag/caf%C3%A9"], ["/tag/a%00b"], ["/search?q=%E0%A4%A"]])(
    "leaves %s as it is",
    (url) => expect(routablePageUrl(url)).toBe(url),
  );
});

describe("routeParam and searchText (pages)", () => {
  it("decode a segment", () => {
    expect(routeParam("caf%C3%A9")).toBe("café");
    expect(searchText(["dragon", "x"])).toBe("dragon");
    expect(searchText(undefined)).toBe("");
  });

  it.each([["%"], ["%E0%A4%A"], ["a%00b"], ["%1F"], ["%7F"]])("answer 404 for the segment %s", (raw) => {
    expect(() => routeParam(raw)).toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
  });

  it("answers 404 for a control character in a search", () => {
    expect(() => searchText("a\u0000b")).toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
    expect(searchText("two\twords")).toBe("two\twords");
  });
});
