import {
  CONTROL_CHARACTERS,
  CONTROL_CHARACTERS_MESSAGE,
  fieldWithControlCharacter,
} from "../../../lib/contracts/fields";
import { AppError } from "../../errors";

/**
 * The backstop of the input rule (lib/contracts/fields.ts) for every request, whatever its route and contract:
 * a bad percent-encoding in the path or the query, or a control character in a path segment, a query value or any
 * string of the JSON body (at any depth, keys included), is a 400 naming the field. Contracts refuse the same
 * characters field by field; this catches fields a contract does not read and routes without one.
 */
export function assertCleanInput(url: string, query: Record<string, string>, body: unknown): void {
  const { pathname, search } = new URL(url);
  for (const segment of pathname.split("/")) {
    const decoded = decodeOrNull(segment);
    if (decoded === null) throw invalid("Invalid path: bad percent-encoding");
    if (CONTROL_CHARACTERS.test(decoded)) throw invalid(`Invalid path: ${CONTROL_CHARACTERS_MESSAGE}`);
  }
  for (const pair of search.slice(1).split("&")) {
    const eq = pair.indexOf("=");
    const name = decodeOrNull(eq === -1 ? pair : pair.slice(0, eq));
    if (name === null) throw invalid("Invalid query: bad percent-encoding");
    if (eq !== -1 && decodeOrNull(pair.slice(eq + 1)) === null) {
      throw invalid(`Invalid field '${name}': bad percent-encoding`);
    }
  }
  const field = fieldWithControlCharacter(query) ?? fieldWithControlCharacter(body);
  if (field !== null) throw invalid(`Invalid field '${field}': ${CONTROL_CHARACTERS_MESSAGE}`);
}

function invalid(message: string): AppError {
  return new AppError(400, 400, message);
}

function decodeOrNull(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return null;
  }
}
