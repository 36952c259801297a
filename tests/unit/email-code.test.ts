import { describe, expect, it } from "vitest";
import { cleanEmailCode } from "@/lib/validation/email-code";

describe("cleanEmailCode", () => {
  it("keeps the digits of typed or pasted text, at most 6", () => {
    expect(cleanEmailCode("123456")).toBe("123456");
    expect(cleanEmailCode(" 123 456 ")).toBe("123456");
    expect(cleanEmailCode("Your code: 987-654")).toBe("987654");
    expect(cleanEmailCode("12345678")).toBe("123456");
    expect(cleanEmailCode("abc")).toBe("");
    expect(cleanEmailCode("１２３")).toBe("");
  });
});
