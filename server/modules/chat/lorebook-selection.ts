import type { Lorebook, LorePosition } from "../../../lib/validation/lorebook-rules";
import { LOREBOOK_DEFAULTS } from "../../../lib/validation/lorebook-rules";
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
 *   from a card could backtrack catastrophically (ReDoS) on every reply. Matching is `includes` over a text
 *   lowercased once, so a 200-entry book costs well under a millisecond.
 */

export const RECURSIVE_PASSES = 3;

interface CompiledEntry {
  index: number;
  content: string;
  constant: boolean;
  caseSensitive: boolean;
  /** Lowercased unless the entry is case-sensitive. */
  keys: string[];
  secondary: string[];
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
}

export interface SelectedLore {
  /** Entry contents (names filled in), in insertion order. */
  before: string[];
  after: string[];
  tokens: number;
}

export const NO_LORE: SelectedLore = { before: [], after: [], tokens: 0 };

/** Work done once per book rather than once per key test: disabled entries dropped, keys lowercased, ranked. */
export function compileLorebook(book: Lorebook): CompiledLorebook {
  const ranked: CompiledEntry[] = [];
  book.entries.forEach((e, index) => {
    if (!e.enabled || !e.content.trim()) return;
    const fold = (k: string) => (e.case_sensitive ? k : k.toLowerCase());
    const keys = e.keys.filter((k) => k.length > 0).map(fold);
    if (!e.constant && keys.length === 0) return;
    ranked.push({
      index,
      content: e.content,
      constant: e.constant,
      caseSensitive: e.case_sensitive,
      keys,
      secondary: e.selective ? e.secondary_keys.filter((k) => k.length > 0).map(fold) : [],
      insertionOrder: e.insertion_order,
      priority: e.priority,
      position: e.position,
    });
  });
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
  };
}

/** The lore's budget: the book's own, and never more than a quarter of what the prompt may hold. */
export function loreBudget(book: CompiledLorebook, promptBudget: number): number {
  const share = Math.max(0, Math.floor(promptBudget / 4));
  return book.tokenBudget === null ? share : Math.min(book.tokenBudget, share);
}

class ScanText {
  private lower: string | null = null;
  constructor(readonly text: string) {}
  has(key: string, caseSensitive: boolean): boolean {
    if (caseSensitive) return this.text.includes(key);
    this.lower ??= this.text.toLowerCase();
    return this.lower.includes(key);
  }
}

function matches(entry: CompiledEntry, scan: ScanText): boolean {
  if (entry.constant) return true;
  if (!entry.keys.some((k) => scan.has(k, entry.caseSensitive))) return false;
  return entry.secondary.length === 0 || entry.secondary.some((k) => scan.has(k, entry.caseSensitive));
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
  let scan = new ScanText(window.join("\n"));
  for (let pass = 0; pass <= (book.recursive ? RECURSIVE_PASSES : 0); pass += 1) {
    const found: CompiledEntry[] = [];
    for (const entry of book.ranked) if (!active.has(entry) && matches(entry, scan)) found.push(entry);
    if (found.length === 0) break;
    for (const entry of found) active.add(entry);
    // The next pass searches only what the entries just found add, as SillyTavern's recursion does.
    scan = new ScanText(found.map((e) => e.content).join("\n"));
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
