import { z } from "zod";
import { scrubUrlProperties } from "./scrub-urls";

/** SPEC §9: event and property names, ids, string values (the SDK's own limits, enforced again here). */
export const MAX_NAME_LENGTH = 100;
export const MAX_ID_LENGTH = 255;
export const MAX_STRING_LENGTH = 1024;
/** Properties kept per event (the SDK's preset ones are about 25); later ones are dropped. */
export const MAX_PROPERTIES = 100;
/** Items kept of a list property (the SDK sends lists of strings). */
export const MAX_LIST_ITEMS = 100;
/** An event whose properties still measure more than this (characters of names and values) is refused. */
export const MAX_PROPERTIES_SIZE = 16 * 1024;
/** Paths are cut to this (they key the daily roll-ups). */
export const MAX_PATH_LENGTH = 512;
/** Event times the browser's clock may be off by: older (batches kept offline) or ahead. */
const MAX_AGE_MS = 365 * 24 * 3600_000;
const MAX_AHEAD_MS = 24 * 3600_000;

/**
 * sa-sdk-javascript's rule for event and property names (its `regName`, case-insensitive: reserved names refused),
 * with SPEC §9's length.
 */
const NAME =
  /^(?!(?:distinct_id|original_id|time|properties|id|first_id|second_id|users|events|event|user_id|date|datetime)$|user_tag|user_group)[a-z_$][a-z\d_$]{0,99}$/i;
// What Postgres refuses in text and jsonb: NUL, and UTF-16 surrogates without their pair.
const SUSPECT = /[\0\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Ids are never altered (that would merge visitors): one Postgres cannot store is refused. */
const id = z
  .string()
  .min(1)
  .max(MAX_ID_LENGTH)
  .refine((value) => !SUSPECT.test(value) || cleanText(value, value.length) === value, "unstorable characters");

/** The fields of an SDK event the collector keeps; the rest (lib, identities, _flush_time…) is left out. */
const sdkEvent = z.object({
  type: z.string().regex(/^[a-z][a-z_]{0,39}$/),
  event: z.string().regex(NAME).optional(),
  distinct_id: id,
  login_id: id.optional(),
  anonymous_id: id.optional(),
  time: z.number().int().optional(),
  _track_id: z.number().int().optional(),
  properties: z.unknown().optional(),
});

/** One event as stored (server/db/schema/analytics.ts), times in ms since the epoch. */
export interface CollectedEvent {
  receivedAt: number;
  time: number;
  event: string | null;
  type: string;
  distinctId: string;
  loginId: string | null;
  anonymousId: string | null;
  trackId: number | null;
  path: string | null;
  properties: Record<string, unknown>;
}

/** A string value cut to `max` code units, without NUL or unpaired surrogates (a cut pair included). */
export function cleanText(text: string, max = MAX_STRING_LENGTH): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  return SUSPECT.test(cut) ? cut.replace(LONE_SURROGATE, "\ufffd").replaceAll("\0", "") : cut;
}

type PropertyValue = string | number | boolean | string[];

/** A property value the SDK can send (string, number, boolean, list of strings), cleaned; undefined to drop it. */
function cleanValue(value: unknown): PropertyValue | undefined {
  switch (typeof value) {
    case "string":
      return cleanText(value);
    case "number":
    case "boolean":
      return value;
    default:
      if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) return undefined;
      return (value.length > MAX_LIST_ITEMS ? value.slice(0, MAX_LIST_ITEMS) : value).map((item) => cleanText(item));
  }
}

function sizeOf(value: PropertyValue): number {
  if (typeof value === "string") return value.length + 3;
  if (Array.isArray(value)) return value.reduce((sum, item) => sum + item.length + 3, 2);
  return 8;
}

/** Names checked (invalid ones dropped), values cleaned, at most MAX_PROPERTIES; null when too big or no object. */
function cleanProperties(raw: unknown): Record<string, unknown> | null {
  if (raw === undefined) return {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const source = raw as Record<string, unknown>;
  const properties: Record<string, unknown> = {};
  let count = 0;
  let size = 2;
  for (const name of Object.keys(source)) {
    if (count === MAX_PROPERTIES) break;
    if (name === "__proto__" || !NAME.test(name)) continue;
    const value = cleanValue(source[name]);
    if (value === undefined) continue;
    properties[name] = value;
    count++;
    size += name.length + 4 + sizeOf(value);
  }
  return size > MAX_PROPERTIES_SIZE ? null : properties;
}

function pathOf(properties: Record<string, unknown>, urlPath: string | null): string | null {
  const path = typeof properties.$url_path === "string" && properties.$url_path ? properties.$url_path : urlPath;
  return path ? cleanText(path, MAX_PATH_LENGTH) : null;
}

/**
 * One raw event from the SDK validated and capped (SPEC §9), or null when it is refused: not an SDK event, an
 * invalid type or event name, an id missing, too long or with characters no database keeps, a time more than a
 * year back or a day ahead of `receivedAt`, or properties that are no object or too big. Invalid property names
 * and values are dropped, strings cut to 1024, addresses scrubbed (scrub-urls.ts).
 */
export function sanitizeEvent(raw: unknown, receivedAt: number): CollectedEvent | null {
  const parsed = sdkEvent.safeParse(raw);
  if (!parsed.success) return null;
  const event = parsed.data;
  const time = event.time ?? receivedAt;
  if (time < receivedAt - MAX_AGE_MS || time > receivedAt + MAX_AHEAD_MS) return null;
  const properties = cleanProperties(event.properties);
  if (!properties) return null;
  const urlPath = scrubUrlProperties(properties);
  return {
    receivedAt,
    time,
    event: event.event ?? null,
    type: event.type,
    distinctId: event.distinct_id,
    loginId: event.login_id ?? null,
    anonymousId: event.anonymous_id ?? null,
    trackId: event._track_id ?? null,
    path: pathOf(properties, urlPath),
    properties,
  };
}
