/**
 * Links in character replies: only absolute https URLs become links. Everything else (javascript:, data:, http:,
 * relative paths, protocol-relative //host) is shown as text.
 */
export function safeLinkHref(raw: string): string | null {
  const href = raw.trim();
  // Browsers strip tabs and newlines inside URLs, which is how "java\nscript:" tricks work; refuse them outright.
  if (!/^https:\/\//i.test(href) || /[\s<>"`]/.test(href) || hasControlCharacter(href)) return null;
  try {
    const url = new URL(href);
    return url.protocol === "https:" && url.hostname !== "" ? url.href : null;
  } catch {
    return null;
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const TRAILING_PUNCTUATION = /[.,;:!?'"*_~]+$/;

/**
 * The length of a bare https URL starting at `text[start]`, without trailing punctuation that reads as part of the
 * sentence ("see https://a.example/x." keeps the full stop out) and without an unbalanced closing parenthesis.
 * 0 when no URL starts there.
 */
export function bareUrlLength(text: string, start: number): number {
  const match = /^https:\/\/[^\s<>"`]+/i.exec(text.slice(start, start + 2048));
  if (!match) return 0;
  let url = match[0];
  for (;;) {
    const trimmed = url.replace(TRAILING_PUNCTUATION, "");
    if (trimmed.endsWith(")") && count(trimmed, "(") < count(trimmed, ")")) {
      url = trimmed.slice(0, -1);
      continue;
    }
    url = trimmed;
    break;
  }
  return url.length > "https://".length ? url.length : 0;
}

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}
