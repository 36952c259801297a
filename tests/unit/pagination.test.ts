import { describe, expect, it } from "vitest";
import { pageItems, totalPages } from "@/lib/format/pagination";

describe("pageItems with 2 siblings", () => {
  it("lists every page when there are few", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it("shows the start with an ellipsis to the end", () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, "ellipsis-end", 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, "ellipsis-end", 20]);
  });
  it("shows two siblings either side in the middle", () => {
    expect(pageItems(10, 20)).toEqual([1, "ellipsis-start", 8, 9, 10, 11, 12, "ellipsis-end", 20]);
  });
  it("shows the end with an ellipsis from the start", () => {
    expect(pageItems(20, 20)).toEqual([1, "ellipsis-start", 14, 15, 16, 17, 18, 19, 20]);
    expect(pageItems(17, 20)).toEqual([1, "ellipsis-start", 14, 15, 16, 17, 18, 19, 20]);
  });
  it("clamps out-of-range pages", () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
    expect(pageItems(-1, 20)[0]).toBe(1);
  });
  it("counts pages", () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
  });
});
