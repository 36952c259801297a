import { describe, expect, it } from "vitest";
import { KeyMatcher } from "@/server/modules/chat/key-matcher";

const found = (keys: string[], text: string) => {
  const marks = new Uint8Array(keys.length);
  new KeyMatcher(keys).scan(text, marks);
  return keys.filter((_, i) => marks[i] === 1);
};

describe("KeyMatcher", () => {
  it("finds every key that occurs, overlapping and nested ones included", () => {
    const keys = ["he", "she", "his", "hers", "ushers", "x"];
    expect(found(keys, "ushers")).toEqual(["he", "she", "hers", "ushers"]);
    expect(found(keys, "this")).toEqual(["his"]);
    expect(found(keys, "")).toEqual([]);
  });

  it("follows failure links after a partial match", () => {
    expect(found(["abcd", "bce", "c"], "abce")).toEqual(["bce", "c"]);
    expect(found(["aab"], "aaab")).toEqual(["aab"]);
  });

  it("matches exactly (callers fold case), including emoji, CJK and regex-looking text", () => {
    expect(found(["Dragon", "dragon"], "a dragon")).toEqual(["dragon"]);
    expect(found(["龍", "🐉", "/(a+)+$/"], "the 龍 and 🐉 and /(a+)+$/")).toEqual(["龍", "🐉", "/(a+)+$/"]);
    expect(found(["/(a+)+$/"], "aaaaaaaaaaaaaaaaaaaaaaaaaaaa")).toEqual([]);
  });

  it("gives duplicate keys each their own id", () => {
    expect(found(["sun", "sun"], "sunny")).toEqual(["sun", "sun"]);
  });
});
