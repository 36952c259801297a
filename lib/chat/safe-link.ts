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
