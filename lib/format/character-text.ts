/**
 * Fills the {{char}} and {{user}} placeholders of character text for display. "you" opens a sentence with a
 * capital letter.
 */
export function fillPlaceholders(text: string, charName: string, userName = "you"): string {
  const capitalised = userName.charAt(0).toUpperCase() + userName.slice(1);
  return text
    .replace(/\{\{\s*char\s*\}\}/gi, charName)
    .replace(/\{\{\s*user\s*\}\}/gi, (_match, offset: number, whole: string) => {
      const before = whole.slice(0, offset).trimEnd();
      return before === "" || /[.!?\n]$/.test(before) ? capitalised : userName;
    });
}
