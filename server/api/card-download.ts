import type { CardFile } from "../modules/creation/card-export";

/** A header-safe ASCII version of a name (quotes, slashes, controls and non-ASCII become "_"). */
export function asciiFileName(name: string, fallback = "character"): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._-]+/g, "_")
    .replace(/^[\s._]+|[\s._]+$/g, "")
    .slice(0, 80);
  return ascii || fallback;
}

function isPaired(s: string, i: number): boolean {
  const code = s.charCodeAt(i);
  if (code <= 0xdbff) return /[\uDC00-\uDFFF]/.test(s[i + 1] ?? "");
  return /[\uD800-\uDBFF]/.test(s[i - 1] ?? "");
}

/** RFC 5987's percent-encoding of UTF-8 (encodeURIComponent leaves a few characters it does not allow). */
export function rfc5987FileName(name: string): string {
  return encodeURIComponent(
    name.replace(/[\uD800-\uDFFF]/g, (ch, i: number) => (isPaired(name, i) ? ch : "_")),
  ).replace(/['()*!]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The headers of a download: an attachment named for `baseName`, with its exact type, never sniffed or cached. */
export function attachmentHeaders(
  baseName: string,
  extension: string,
  contentType: string,
  fallbackName: string,
): Record<string, string> {
  const name = `${asciiFileName(baseName, fallbackName)}.${extension}`;
  const utf8 = `${rfc5987FileName(baseName) || fallbackName}.${extension}`;
  return {
    "content-type": contentType,
    "content-disposition": `attachment; filename="${name}"; filename*=UTF-8''${utf8}`,
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  };
}

/** The headers of a card download. */
export function cardDownloadHeaders(file: CardFile, extension: "png" | "json"): Record<string, string> {
  const type = file.contentType === "application/json" ? "application/json; charset=utf-8" : "image/png";
  return attachmentHeaders(file.baseName, extension, type, "character");
}
