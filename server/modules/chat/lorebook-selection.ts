import type { Lorebook, LorePosition } from "../../../lib/validation/lorebook-rules";
import { LOREBOOK_DEFAULTS } from "../../../lib/validation/lorebook-rules";
import { KeyMatcher } from "./key-matcher";
import { estimateTokens } from "./token-estimate";

/**
 * Which lorebook entries go into a reply's prompt (Character Card V2 `character_book` semantics). Pure: the
 * prompt builder (prompt.ts) calls it with the newest messages and a token budget.
 *
 * - An entry is active when one of its keys occurs in the newest `scan_depth` messages (the new one included), as
 *   plain text: a case-insensitive entry matches in any letter case, a case-sensitive one exactly. A `selective`
 *   entry also needs one of its secondary keys (with none, it is an ordinary entry). `constant` entries are
 *   always active, disabled ones never.
 * - With `recursive_scanning`, the content of active entries is searched too, for at most RECURSIVE_PASSES more
 *   passes (a book whose entries name each other in a ring would otherwise never settle).
 * - Within the token budget, constant entries come first, then higher `priority`, then lower `insertion_order`;
 *   an entry that does not fit is left out and smaller ones after it may still go in. In the prompt, entries
 *   are in `insertion_order` (lower first), in two groups by `position`.
 * - Keys are matched as text, never run as regular expressions, even when they look like `/…/flags`: a pattern
 *   from a card could backtrack catastrophically (ReDoS) on every reply. All of a book's keys are found in one
 *   pass over the text (key-matcher.ts, built when the book is compiled), the text lowercased once for the
 *   case-insensitive ones, so the cost follows the scanned text, not the number of keys.
 */

export const RECURSIVE_PASSES = 3;

interface CompiledEntry {
  index: number;
  content: string;
  constant: boolean;
  /** Ids of its keys in the book's matchers. */
  keys: number[];
  /** Ids of its secondary keys; empty unless the entry is selective. */
  secondary: number[];
  insertionOrder: number;
  priority: number;
  position: LorePosition;
}

export interface CompiledLorebook {
  scanDepth: number;
  /** The book's own budget, or null for none (the prompt's share still applies). */
  tokenBudget: number | null;
  recursive: boolean;
  /** Enabled entries only, in ranking order (constant, priority, insertion order). */
  ranked: CompiledEntry[];
  /** Every key of the book by id: case-insensitive ones lowercased, in `folded`; case-sensitive ones in `exact`. */
  keyCount: number;
  folded: KeyMatcher | null;
  exact: KeyMatcher | null;
}

export interface SelectedLore {
  /** Entry contents (names filled in), in insertion order. */
  before: string[];
  after: string[];
  tokens: number;
}

export const NO_LORE: SelectedLore = { before: [], after: [], tokens: 0 };

/** Work done once per book rather than once per reply: disabled entries dropped, keys in matchers, ranked. */
export function compileLorebook(book: Lorebook): CompiledLorebook {
  const folded: string[] = [];
  const exact: string[] = [];
  // Ids are shared by both matchers: a key's id is its place in its own list, offset for `exact`.
  const pending: { entry: CompiledEntry; keys: string[]; secondary: string[]; caseSensitive: boolean }[] = [];
  const ranked: CompiledEntry[] = [];
  book.entries.forEach((e, index) => {
    if (!e.enabled || !e.content.trim()) return;
    const keys = e.keys.filter((k) => k.length > 0);
    if (!e.constant && keys.length === 0) return;
    const entry: CompiledEntry = {
      index,
      content: e.content,
      constant: e.constant,
      keys: [],
      secondary: [],
      insertionOrder: e.insertion_order,
      priority: e.priority,
      position: e.position,
    };
    const secondary = e.selective ? e.secondary_keys.filter((k) => k.length > 0) : [];
    pending.push({ entry, keys, secondary, caseSensitive: e.case_sensitive });
    ranked.push(entry);
  });
  const idOf = (key: string, caseSensitive: boolean) => {
    const list = caseSensitive ? exact : folded;
    const text = caseSensitive ? key : key.toLowerCase();
    list.push(text);
    return list.length - 1;
  };
  const exactIds: number[][] = [];
  for (const p of pending) {
    p.entry.keys = p.keys.map((k) => idOf(k, p.caseSensitive));
    p.entry.secondary = p.secondary.map((k) => idOf(k, p.caseSensitive));
    if (p.caseSensitive) exactIds.push(p.entry.keys, p.entry.secondary);
  }
  // Case-sensitive keys come after the folded ones in the shared id space.
  for (const ids of exactIds) for (let i = 0; i < ids.length; i += 1) ids[i]! += folded.length;
  ranked.sort(
    (a, b) =>
      Number(b.constant) - Number(a.constant) ||
      b.priority - a.priority ||
      a.insertionOrder - b.insertionOrder ||
      a.index - b.index,
  );
  return {
    scanDepth: book.scan_depth ?? LOREBOOK_DEFAULTS.scanDepth,
    tokenBudget: book.token_budget,
    recursive: book.recursive_scanning,
    ranked,
    keyCount: folded.length + exact.length,
    folded: folded.length ? new KeyMatcher(folded) : null,
    exact: exact.length ? new KeyMatcher(exact) : null,
  };
}

/** The lore's budget: the book's own, and never more than a quarter of what the prompt may hold. */
export function loreBudget(book: CompiledLorebook, promptBudget: number): number {
  const share = Math.max(0, Math.floor(promptBudget / 4));
  return book.tokenBudget === null ? share : Math.min(book.tokenBudget, share);
}

/** Marks every key of the book that occurs in text. */
function scanKeys(book: CompiledLorebook, text: string, found: Uint8Array): void {
  book.folded?.scan(text.toLowerCase(), found);
  if (book.exact) book.exact.scan(text, found.subarray(book.folded?.size ?? 0));
}

function matches(entry: CompiledEntry, found: Uint8Array): boolean {
  if (entry.constant) return true;
  if (!entry.keys.some((id) => found[id] === 1)) return false;
  return entry.secondary.length === 0 || entry.secondary.some((id) => found[id] === 1);
}

/**
 * The active entries that fit in `budget` tokens. `newest` is the conversation's newest messages, oldest first
 * (only the last scanDepth are read); `fill` puts the names into an entry's text ({{char}}, {{user}}).
 */
export function selectLore(
  book: CompiledLorebook,
  newest: readonly string[],
  budget: number,
  fill: (text: string) => string = (t) => t,
): SelectedLore {
  if (book.ranked.length === 0 || budget <= 0) return NO_LORE;
  const window = newest.slice(Math.max(0, newest.length - book.scanDepth));
  const active = new Set<CompiledEntry>();
  const keys = new Uint8Array(book.keyCount);
  scanKeys(book, window.join("\n"), keys);
  for (let pass = 0; pass <= (book.recursive ? RECURSIVE_PASSES : 0); pass += 1) {
    const found: CompiledEntry[] = [];
    for (const entry of book.ranked) if (!active.has(entry) && matches(entry, keys)) found.push(entry);
    if (found.length === 0) break;
    for (const entry of found) active.add(entry);
    // The next pass also searches what the entries just found add, as SillyTavern's recursion does.
    if (pass < RECURSIVE_PASSES && book.recursive) scanKeys(book, found.map((e) => e.content).join("\n"), keys);
  }
  const chosen: { entry: CompiledEntry; text: string }[] = [];
  let left = budget;
  for (const entry of book.ranked) {
    if (!active.has(entry)) continue;
    const text = fill(entry.content).trim();
    const cost = estimateTokens(text) + 1;
    if (cost > left) continue;
    left -= cost;
    chosen.push({ entry, text });
  }
  chosen.sort((a, b) => a.entry.insertionOrder - b.entry.insertionOrder || a.entry.index - b.entry.index);
  const pick = (position: LorePosition) => chosen.filter((c) => c.entry.position === position).map((c) => c.text);
  return { before: pick("before_char"), after: pick("after_char"), tokens: budget - left };
}
