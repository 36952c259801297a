/**
 * Model text as Postgres can store it: text (and jsonb) columns cannot hold NUL, so a `\u0000` from the model becomes
 * U+FFFD. One NUL would otherwise fail the write it is in, and every other reply's checkpoint batched with it.
 */
export function storableText(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "\uFFFD") : text;
}
