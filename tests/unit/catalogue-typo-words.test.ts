import { describe, expect, it } from "vitest";
import { osaDistance } from "@/server/modules/catalogue/osa-distance";
import { fuzzyQueryWords, typoAlternatives, typoBudget, wordVariants } from "@/server/modules/catalogue/typo-words";

describe("osaDistance", () => {
  it.each([
    ["seraphina", "seraphina", 0],
    ["seraphina", "seraphna", 1], // missing
    ["seraphina", "seraphinna", 1], // extra
    ["seraphina", "seraphima", 1], // wrong
    ["seraphina", "serpahina", 1], // swapped neighbours
    ["ab", "ba", 1],
    ["observatory", "obsrevatry", 2],
    ["kitten", "sitting", 3],
    ["", "abc", 3],
    ["ca", "abc", 3], // OSA, not unrestricted Damerau-Levenshtein (which says 2)
    ["zoë", "zoe", 1], // by code point
  ])("%s → %s is %i", (a, b, d) => {
    expect(osaDistance(a, b)).toBe(d);
    expect(osaDistance(b, a)).toBe(d);
  });

  it("stops at the budget and answers budget + 1", () => {
    expect(osaDistance("kitten", "sitting", 1)).toBe(2);
    expect(osaDistance("a", "abcdef", 2)).toBe(3);
    expect(osaDistance("seraphina", "serpahina", 1)).toBe(1);
  });
});

describe("typo budget and query words", () => {
  it("gives 0 under 5 letters, 1 from 5, 2 from 9, 0 past 24", () => {
    expect([4, 5, 8, 9, 24, 25].map((n) => typoBudget("a".repeat(n)))).toEqual([0, 1, 1, 2, 2, 0]);
  });

  it("fuzzes words of letters and digits, not negated ones, each once", () => {
    expect(fuzzyQueryWords('haunted "old lighthuose" -horror sci-fi haunted the')).toEqual(["haunted", "lighthuose"]);
  });
});

describe("wordVariants (deletion neighbourhoods)", () => {
  it("holds the word and its one-letter deletions", () => {
    expect(wordVariants("abcd", 1).sort()).toEqual(["abc", "abcd", "abd", "acd", "bcd"]);
  });

  it("lets any two words within the budget meet", () => {
    const meet = (a: string, b: string, d: number) => {
      const mine = new Set(wordVariants(a, d));
      return wordVariants(b, d).some((v) => mine.has(v));
    };
    for (const typo of ["seraphna", "seraphinna", "seraphima", "serpahina"])
      expect(meet("seraphina", typo, 1)).toBe(true);
    expect(meet("observatory", "obsrevatry", 2)).toBe(true);
    expect(meet("kaleidoscope", "kaleidoskpoe", 2)).toBe(true);
  });
});

describe("typoAlternatives", () => {
  it("keeps candidates within each word's budget, closest first, without the word itself", () => {
    const found = typoAlternatives(
      ["dorvash", "lighthuose"],
      ["dorvash", "dorvesh", "dorvashe", "dorvx", "lighthouse", "lighthouses", "lightning"],
    );
    expect(found.get("dorvash")).toEqual(["dorvashe", "dorvesh"]);
    expect(found.get("lighthuose")).toEqual(["lighthouse", "lighthouses"]);
  });
});
