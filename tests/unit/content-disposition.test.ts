import { describe, expect, it } from "vitest";
import { dispositionFilename } from "@/lib/format/content-disposition";

describe("dispositionFilename", () => {
  it("prefers the UTF-8 filename* over filename", () => {
    expect(dispositionFilename(`attachment; filename="Nova.png"; filename*=UTF-8''N%C3%B6va%20%E2%98%85.png`)).toBe(
      "Növa ★.png",
    );
  });

  it("reads a quoted or bare filename", () => {
    expect(dispositionFilename('attachment; filename="Captain \\"Nova\\".json"')).toBe('Captain "Nova".json');
    expect(dispositionFilename("attachment; filename=nova.png")).toBe("nova.png");
  });

  it("keeps only the last path segment and drops control characters", () => {
    expect(dispositionFilename('attachment; filename="../../etc/pass\u0007wd"')).toBe("passwd");
    expect(dispositionFilename(`attachment; filename*=UTF-8''..%2F..%2Fa.png`)).toBe("a.png");
    expect(dispositionFilename('attachment; filename=".."')).toBeNull();
  });

  it("falls back to filename when filename* does not decode, and is null without one", () => {
    expect(dispositionFilename(`attachment; filename*=UTF-8''%E0%A4%A; filename="ok.png"`)).toBe("ok.png");
    expect(dispositionFilename("attachment")).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });
});
