import { z } from "zod";

/**
 * The field builders every request contract uses (the input rules in README "Architecture"):
 *
 * - text(): every string. U+0000 is refused (Postgres cannot store it in text or jsonb), and so are the other C0
 *   controls and DEL except tab, line feed and carriage return: no name, key, token, e-mail, search or message of
 *   ours can hold them, they are invisible, they break logs and SVG/XML, and a stray one is a probe, not input.
 *   Tab and line breaks stay (chat messages are multi-line text).
 * - wholeNumber(): ids, page numbers and limits. In a JSON body a JSON integer, never a boolean, a string or null
 *   (the browser client always sends numbers there); in a query string decimal digits only (no sign, spaces, hex,
 *   exponent or empty value).
 *
 * server/api/middleware/input-text.ts applies the same character rule to every string of every query and body as
 * a backstop, and tests/unit/contracts-fields.test.ts checks that every string of every request contract uses text().
 */

/** C0 controls and DEL, except tab (09), line feed (0A) and carriage return (0D). */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTERS_MESSAGE = "must not contain control characters";

/** The one check every contract string carries (the contract test looks for this exact object). */
export const noControlCharacters = z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), {
  message: CONTROL_CHARACTERS_MESSAGE,
});

/** A string field of a request. Add length, trim and format rules after it. */
export function text(): z.ZodString {
  return z.string().check(noControlCharacters);
}

/**
 * The dotted path of a string (or key) holding a control character, at any depth of a parsed JSON value or a
 * query; null when there is none. Keys are named with their control characters shown as "?".
 */
export function fieldWithControlCharacter(root: unknown): string | null {
  // Iterative: a 1 MB body can nest far deeper than the call stack allows.
  const stack: Array<{ value: unknown; path: string }> = [{ value: root, path: "" }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (CONTROL_CHARACTERS.test(value)) return path || "body";
    } else if (typeof value === "object" && value !== null) {
      const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const childPath = path ? `${path}.${key}` : key;
        if (CONTROL_CHARACTERS.test(key)) return childPath.replace(new RegExp(CONTROL_CHARACTERS, "g"), "?");
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

const DIGITS = /^\d{1,16}$/;

/** A JSON integer in [min, max] (a request body). */
export function wholeNumber(min: number, max: number): z.ZodNumber {
  return z.number().int().min(min).max(max);
}

/** A whole number in [min, max] written in decimal digits only (a query string value). */
export function wholeNumberParam(min: number, max: number) {
  return text().regex(DIGITS, "must be a whole number written in digits").transform(Number).pipe(wholeNumber(min, max));
}

/** Ids of our rows (bigint identity columns read as JS numbers). */
export const ID_MAX = Number.MAX_SAFE_INTEGER;
