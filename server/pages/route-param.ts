import { notFound } from "next/navigation";
import { CONTROL_CHARACTERS } from "../../lib/contracts/fields";

/**
 * A dynamic route segment as text. Next hands segments over still percent-encoded; a bad encoding or a control
 * character (U+0000, which Postgres refuses, and the others lib/contracts/fields.ts refuses) is a 404, never a
 * thrown URIError or a database error.
 */
export function routeParam(raw: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    notFound();
  }
  if (CONTROL_CHARACTERS.test(decoded)) notFound();
  return decoded;
}

/** A text search parameter (first value; "" when absent). A control character in it is a 404. */
export function searchText(value: string | string[] | undefined): string {
  const text = (Array.isArray(value) ? value[0] : value) ?? "";
  if (CONTROL_CHARACTERS.test(text)) notFound();
  return text;
}
