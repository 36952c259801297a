import type { EventProperties } from "./analytics-queue";
import { MAX_STRING_LENGTH } from "./constants";

/** One `kewlweb_onerror` event before filtering: what the collector stores, plus the stack the filter reads. */
export interface ErrorReport {
  type: "error" | "unhandledrejection" | "resource";
  message: string;
  /** The file the error came from (a script's URL, a failed resource's URL), or "". */
  source: string;
  /** The path of the page it happened on. */
  page: string;
  line?: number;
  column?: number;
  /** Read by the filter only (extensions, fbclid), never sent. */
  stack?: string;
}

const clip = (text: string) => (text.length > MAX_STRING_LENGTH ? text.slice(0, MAX_STRING_LENGTH) : text);

const URL_IN_STACK = /\b((?:https?|[a-z-]+-extension|webkit-masked-url):\/\/[^\s)"']+)/i;

/** The first address in a stack trace, without its `:line:column` suffix, or "". */
export function firstStackSource(stack: string | undefined): string {
  const match = stack ? URL_IN_STACK.exec(stack) : null;
  return match?.[1] ? match[1].replace(/(?::\d+){1,2}$/, "") : "";
}

function stackOf(value: unknown): string | undefined {
  return value instanceof Error && typeof value.stack === "string" ? value.stack : undefined;
}

/** An uncaught error (the window's `error` event for a script error). */
export function runtimeErrorReport(
  event: { message: string; filename: string; lineno: number; colno: number; error: unknown },
  page: string,
): ErrorReport {
  const stack = stackOf(event.error);
  const report: ErrorReport = {
    type: "error",
    message: clip(event.message || (event.error instanceof Error ? event.error.message : "") || "Unknown error"),
    source: clip(event.filename || firstStackSource(stack)),
    page,
    stack,
  };
  if (event.lineno > 0) report.line = event.lineno;
  if (event.colno > 0) report.column = event.colno;
  return report;
}

/** An unhandled promise rejection. Only an Error's name and message or a string reason is kept, never an object. */
export function rejectionReport(reason: unknown, page: string): ErrorReport {
  const stack = stackOf(reason);
  let message: string;
  if (reason instanceof Error) message = reason.message ? `${reason.name}: ${reason.message}` : reason.name;
  else if (typeof reason === "string") message = reason;
  else message = `Unhandled rejection (${reason === null ? "null" : typeof reason})`;
  return { type: "unhandledrejection", message: clip(message), source: clip(firstStackSource(stack)), page, stack };
}

/** A script or stylesheet that failed to load. */
export function resourceErrorReport(kind: "script" | "stylesheet", url: string, page: string): ErrorReport {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // not an absolute URL: kept as it is
  }
  return { type: "resource", message: clip(`Failed to load ${kind} ${path}`), source: clip(url), page };
}

/** The event's properties: everything but the stack. */
export function errorEventProperties({ type, message, source, page, line, column }: ErrorReport): EventProperties {
  const properties: EventProperties = { type, message, source, page };
  if (line !== undefined) properties.line = line;
  if (column !== undefined) properties.column = column;
  return properties;
}
