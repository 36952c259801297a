import { normalizeLorebook } from "../../../lib/cards/card-lorebook";
import type { Lorebook } from "../../../lib/validation/lorebook-rules";
import { compileLorebook, type CompiledLorebook } from "./lorebook-selection";

/** Characters whose books are kept; a book is rebuilt when its character changes (the key holds updated_at). */
const MAX_BOOKS = 200;
const books = new Map<string, Lorebook | null>();
const compiled = new WeakMap<Lorebook, CompiledLorebook>();

/**
 * The character's stored lorebook, read forgivingly (normalizeLorebook) once per version of the character rather
 * than on every reply: a 200-entry book took about 4 ms of each reply's time to first token (bench/README.md).
 */
export function lorebookOf(robotId: number, updatedAt: Date, stored: unknown): Lorebook | null {
  const key = `${robotId}:${updatedAt.getTime()}`;
  const cached = books.get(key);
  if (cached !== undefined) {
    // Most recently used last, so the oldest is the one dropped.
    books.delete(key);
    books.set(key, cached);
    return cached;
  }
  const book = normalizeLorebook(stored).lorebook;
  books.set(key, book);
  if (books.size > MAX_BOOKS) books.delete(books.keys().next().value!);
  return book;
}

/** The book compiled for selection (its key matchers), once per book object. */
export function compiledLorebookOf(book: Lorebook): CompiledLorebook {
  let found = compiled.get(book);
  if (!found) compiled.set(book, (found = compileLorebook(book)));
  return found;
}
