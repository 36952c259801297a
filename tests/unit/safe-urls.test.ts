import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/age-gate/safe-next";
import { safeImageSrc } from "@/lib/format/safe-image-src";

describe("safeImageSrc", () => {
  it.each([["/v1/avatar/lorelei/a.svg"], ["https://cdn.example.com/a.png"]])("keeps %s", (src) => expect(safeImageSrc(src)).toBe(src));
  it.each([["javascript:alert(1)"], ["data:image/svg+xml,<svg/>"], ["http://example.com/a.png"], ["//evil.example/a.png"], ["/\\evil"], [""], [null]])(
    "drops %s",
    (src) => expect(safeImageSrc(src)).toBeNull(),
  );
});

describe("safeNextPath", () => {
  it.each([["/character/5", "/character/5"], ["/tag/horror?page=2", "/tag/horror?page=2"], ["//evil.example", "/"], ["https://evil.example", "/"], ["/\\evil", "/"], [null, "/"]])(
    "%s -> %s",
    (input, expected) => expect(safeNextPath(input)).toBe(expected),
  );
});

describe("fillPlaceholders", () => {
  it("fills {{char}} and {{user}} in any case and spacing", async () => {
    const { fillPlaceholders } = await import("@/lib/format/character-text");
    expect(fillPlaceholders("{{char}} waves at {{ user }}. {{USER}}!", "Mira")).toBe("Mira waves at you. You!");
    expect(fillPlaceholders("{{user}} arrived.", "Mira")).toBe("You arrived.");
    expect(fillPlaceholders("Hi {{user}}", "Mira", "Ada")).toBe("Hi Ada");
  });
});
