import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CONTROL_CHARACTERS_MESSAGE,
  fieldWithControlCharacter,
  noControlCharacters,
  wholeNumber,
  wholeNumberParam,
} from "@/lib/contracts/fields";
import { leaves, requestSchemas } from "../support/contract-walk";

const schemas = await requestSchemas();
const stringFields = [...schemas].flatMap(([name, schema]) =>
  leaves(schema)
    .filter((l) => l.type === "string")
    .map((l) => ({ name: `${name}:${l.path.join(".")}`, leaf: l })),
);
const numberFields = [...schemas].flatMap(([name, schema]) =>
  leaves(schema)
    .filter((l) => l.type === "number")
    .map((l) => ({ name: `${name}:${l.path.join(".")}`, leaf: l })),
);

describe("every string of every request contract refuses control characters", () => {
  it("finds the request contracts and their fields", () => {
    for (const file of ["accounts", "catalogue", "chat", "system"]) {
      expect(
        [...schemas.keys()].some((k) => k.startsWith(`${file}.`)),
        file,
      ).toBe(true);
    }
    expect(stringFields.length).toBeGreaterThan(40);
  });

  it.each(stringFields)("$name is built with text()", ({ leaf }) => {
    const checks = (leaf.schema._zod.def as { checks?: unknown[] }).checks ?? [];
    expect(checks).toContain(noControlCharacters);
  });

  it.each(stringFields)("$name refuses U+0000 and other C0 controls, keeps tab and line breaks", ({ leaf }) => {
    for (const bad of ["a\u0000b", "\u0000", "a\u0001", "a\u001b[31m", "a\u007f"]) {
      const issues = leaf.schema.safeParse(bad).error?.issues ?? [];
      expect(issues[0]?.message, JSON.stringify(bad)).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
    for (const fine of ["a\tb", "a\nb", "a\r\nb"]) {
      const issues = leaf.schema.safeParse(fine).error?.issues ?? [];
      expect(
        issues.some((i) => i.message === CONTROL_CHARACTERS_MESSAGE),
        JSON.stringify(fine),
      ).toBe(false);
    }
  });
});

describe("numbers in request contracts", () => {
  it.each(numberFields)("$name does not coerce", ({ leaf }) => expect(leaf.coerce).toBe(false));

  it("wholeNumber() takes JSON integers only", () => {
    const id = wholeNumber(1, Number.MAX_SAFE_INTEGER);
    expect(id.parse(7)).toBe(7);
    for (const bad of [true, false, null, "7", "0x10", "", "1e3", " 7 ", 1.5, 0, -1, Number.MAX_SAFE_INTEGER + 2, []]) {
      expect(id.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("wholeNumberParam() takes decimal digits only", () => {
    const limit = wholeNumberParam(1, 50);
    expect(limit.parse("12")).toBe(12);
    expect(limit.parse("007")).toBe(7);
    for (const bad of ["true", "0x10", "", "1e3", " 7 ", "7 ", "+7", "-1", "1.5", "51", "0", "1\u00000"]) {
      expect(limit.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("fieldWithControlCharacter (the middleware's backstop)", () => {
  it("names the field at any depth, keys included, and passes clean input", () => {
    expect(fieldWithControlCharacter({ a: "x", b: { c: ["ok", "n\u0000"] } })).toBe("b.c.1");
    expect(fieldWithControlCharacter({ "k\u0000": 1 })).toBe("k?");
    expect(fieldWithControlCharacter({ a: "line\nbreak\ttab", b: [1, true, null] })).toBeNull();
  });

  it("survives a body nested deeper than the call stack", () => {
    const deep = JSON.parse(`${"[".repeat(200_000)}"\\u0000"${"]".repeat(200_000)}`) as unknown;
    expect(fieldWithControlCharacter({ deep })).toMatch(/^deep(\.0)+$/);
  });
});

describe("routes take their input schemas from lib/contracts", () => {
  it("no route file builds its own zod schema", () => {
    const dir = path.join(process.cwd(), "server/api");
    for (const file of fs.readdirSync(dir).filter((f) => f.startsWith("routes-"))) {
      expect(fs.readFileSync(path.join(dir, file), "utf8"), file).not.toMatch(/from "zod"/);
    }
  });
});
