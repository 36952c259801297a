import type { z } from "zod";

/**
 * Names that look like something else. Bidi embeddings, overrides and isolates reorder the text around them
 * ("\u202Egnp.exe" shows as "exe.png"), so names refuse them; zero-width and format characters show nothing, so
 * a name must keep something once they are gone, and "PubBot\u200B" counts as "PubBot" when names are compared.
 * They are not stripped from what is saved: ZWJ and ZWNJ belong in emoji sequences and in Persian or Indic text.
 */

/** U+202A-U+202E (embeddings, overrides) and U+2066-U+2069 (isolates). */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * Unicode's format characters (category Cf, as of Unicode 17; tests/unit/visible-text.test.ts checks the list
 * against the runtime's \p{Cf}), then the characters that draw nothing: the combining grapheme joiner, the
 * Hangul fillers, the Mongolian and other variation selectors, and the blank Braille pattern.
 */
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0xad, 0xad],
  [0x600, 0x605],
  [0x61c, 0x61c],
  [0x6dd, 0x6dd],
  [0x70f, 0x70f],
  [0x890, 0x891],
  [0x8e2, 0x8e2],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
  [0x34f, 0x34f],
  [0x115f, 0x1160],
  [0x180b, 0x180d],
  [0x180f, 0x180f],
  [0x2800, 0x2800],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xffa0, 0xffa0],
  [0xe0100, 0xe01ef],
];

const hex = (code: number, width: number) => code.toString(16).toUpperCase().padStart(width, "0");
const jsChar = (code: number) => `\\u{${hex(code, 4)}}`;
/** Postgres ARE character-entry escapes: \uXXXX, or \UXXXXXXXX beyond the BMP. */
const pgChar = (code: number) => (code > 0xffff ? `\\U${hex(code, 8)}` : `\\u${hex(code, 4)}`);
const bracket = (char: (code: number) => string) =>
  `[${INVISIBLE_RANGES.map(([from, to]) => (from === to ? char(from) : `${char(from)}-${char(to)}`)).join("")}]`;

const INVISIBLE = new RegExp(bracket(jsChar), "gu");

/** The same characters as a Postgres regular expression, for comparing names in SQL (server/db/name-key.ts). */
export const INVISIBLE_PG_PATTERN = bracket(pgChar);

export function withoutInvisible(value: string): string {
  return value.replace(INVISIBLE, "");
}

/** False when the value is empty, or blank, once the invisible characters are gone. */
export function hasVisibleText(value: string): boolean {
  return withoutInvisible(value).trim().length > 0;
}

export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROLS.test(value);
}

/** A name rule that also refuses bidi controls (`direction`) and names with nothing visible (`required`). */
export function visibleName(rule: z.ZodString, messages: { direction: string; required: string }): z.ZodString {
  return rule.refine((name) => !hasBidiControls(name), messages.direction).refine(hasVisibleText, messages.required);
}
