/** User-supplied images: https URLs or paths on our own origin only; anything else (javascript:, data:, http:) is dropped. */
export function safeImageSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  if (src.startsWith("/") && !src.startsWith("//") && !src.includes("\\")) return src;
  try {
    return new URL(src).protocol === "https:" ? src : null;
  } catch {
    return null;
  }
}
