import { describe, expect, it } from "vitest";
import { sortParam } from "@/server/pages/sort-param";

describe("sortParam", () => {
  it("reads new and popular, and means popular by anything else", () => {
    expect(sortParam("new")).toBe("new");
    expect(sortParam("popular")).toBe("popular");
    expect(sortParam(["new", "popular"])).toBe("new");
    expect(sortParam(undefined)).toBe("popular");
    expect(sortParam("NEW")).toBe("popular");
    expect(sortParam("constructor")).toBe("popular");
  });
});
