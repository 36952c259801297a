/**
 * Text as Postgres can store it: text and jsonb columns refuse NUL, so a `\u0000` (from a model, or a customer's
 * text inside a payment provider's event) becomes U+FFFD. One NUL would otherwise fail the whole write it is in,
 * and every row batched with it.
 */
export function storableText(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "\uFFFD") : text;
}
