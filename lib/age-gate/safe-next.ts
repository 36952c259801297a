/** Only same-site relative paths are followed after the age gate; anything else goes home. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  return next.length > 512 ? "/" : next;
}
