import type { ErrorReport } from "./error-report";

/**
 * SPEC §1: errors mentioning fbclid, browser-extension errors and third-party script errors are not reported.
 * They are noise we cannot fix: Facebook's click id breaks other people's scripts, extensions run their own code
 * in our pages, and a script from another origin shows up as a bare "Script error." or with its own address.
 */

const FBCLID = /fbclid/i;
/** Extension code, including Safari's masked addresses for it. */
const EXTENSION = /\b(?:chrome|moz|safari|safari-web|ms-browser)-extension:\/\/|\bwebkit-masked-url:\/\//i;
/** What browsers report for an error in a cross-origin script loaded without CORS. */
const OPAQUE_SCRIPT_ERROR = /^script error\.?$/i;

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

export type IgnoreReason = "fbclid" | "extension" | "third-party";

/**
 * Why `report` is not sent, or null when it is. `ownOrigins` are the origins whose scripts are ours (the page's);
 * an error whose source is any other web origin is a third party's.
 */
export function ignoreReason(report: ErrorReport, ownOrigins: readonly string[]): IgnoreReason | null {
  const texts = [report.message, report.source, report.stack ?? ""];
  if (texts.some((text) => FBCLID.test(text))) return "fbclid";
  if (texts.some((text) => EXTENSION.test(text))) return "extension";
  // Our own scripts are same-origin and always give the real message, so this one has nothing to act on.
  if (OPAQUE_SCRIPT_ERROR.test(report.message.trim())) return "third-party";
  const origin = report.source ? originOf(report.source) : null;
  if (origin !== null && !ownOrigins.includes(origin)) return "third-party";
  return null;
}
