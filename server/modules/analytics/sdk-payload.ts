import { isUtf8 } from "node:buffer";
import { AppError } from "../../errors";

/** More events than sa-sdk-javascript can hold (its batch storage keeps at most 200) in one `data_list`. */
export const MAX_EVENTS_PER_BATCH = 200;

const FORM_FIELDS = new Set(["data", "data_list", "ext", "gzip"]);

/**
 * The SDK's fields of a form body (`application/x-www-form-urlencoded`, or the beacon's text/plain in the same
 * encoding). Faster than URLSearchParams on a 300 KB batch (one native decodeURIComponent per field); a `+` stays
 * a `+` (the SDK escapes its own; a raw one can only be base64's). 400 for a bad percent-encoding.
 */
export function sdkParamsFromForm(body: string): SdkParams {
  const params: SdkParams = {};
  for (const pair of body.split("&")) {
    const eq = pair.indexOf("=");
    const name = eq === -1 ? pair : pair.slice(0, eq);
    if (!FORM_FIELDS.has(name) || params[name as keyof SdkParams] != null) continue;
    try {
      params[name as keyof SdkParams] = decodeURIComponent(eq === -1 ? "" : pair.slice(eq + 1));
    } catch {
      throw refuse(`Invalid field '${name}': bad percent-encoding`);
    }
  }
  return params;
}

/** The parameters of one collector request, from the query (GET) or the form body (POST, beacon). */
export interface SdkParams {
  data?: string | null;
  data_list?: string | null;
  ext?: string | null;
  gzip?: string | null;
}

function refuse(message: string): AppError {
  return new AppError(400, 400, message);
}

/**
 * The SDK's `hashCode` (a Java-style 32-bit string hash) of the base64 text, sent as `ext=crc=<n>` beside a single
 * event so that a payload cut short on the way (a URL truncated by a proxy) is noticed.
 */
export function sdkHashCode(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}

/**
 * The SDK's base64Encode reversed: base64 (btoa, always padded) of the UTF-8 bytes of the JSON text. Form decoding
 * may have turned a raw `+` into a space, so spaces are read back as `+` (base64 has none of its own). Node's decoder
 * skips what is not base64, so a decoded length short of what the text's length promises means it was not.
 */
function decodeBase64Json(field: string, text: string): unknown {
  const base64 = text.includes(" ") ? text.replaceAll(" ", "+") : text;
  const bytes = Buffer.from(base64, "base64");
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if (base64.length % 4 !== 0 || bytes.length !== (base64.length / 4) * 3 - padding) {
    throw refuse(`Invalid field '${field}': not base64`);
  }
  if (!isUtf8(bytes)) throw refuse(`Invalid field '${field}': not UTF-8`);
  try {
    return JSON.parse(bytes.toString("utf8")) as unknown;
  } catch {
    throw refuse(`Invalid field '${field}': not JSON`);
  }
}

function checkCrc(data: string, ext: string | null | undefined): void {
  const crc = ext ? /(?:^|&)crc=(-?\d{1,11})(?:&|$)/.exec(ext)?.[1] : undefined;
  if (crc !== undefined && Number(crc) !== sdkHashCode(data.replaceAll(" ", "+"))) {
    throw refuse("Invalid field 'ext': the crc does not match 'data' (cut short on the way?)");
  }
}

/**
 * The raw events of one request, as sa-sdk-javascript 1.27.11 sends them: `data` (one event, with `ext=crc=…`, by
 * image GET, form POST or beacon) or `data_list` (a batch). 400 for anything it cannot decode, including a
 * compressed payload (`gzip=1`: this SDK never compresses; other Sensors SDKs do), 413 past MAX_EVENTS_PER_BATCH.
 */
export function decodeSdkPayload(params: SdkParams): unknown[] {
  if (params.gzip && params.gzip !== "0") throw refuse("Compressed payloads (gzip) are not accepted");
  const { data, data_list: list } = params;
  if (data && list) throw refuse("Send 'data' or 'data_list', not both");
  if (list) {
    const events = decodeBase64Json("data_list", list);
    if (!Array.isArray(events)) throw refuse("Invalid field 'data_list': not a JSON array");
    if (events.length > MAX_EVENTS_PER_BATCH) {
      throw new AppError(413, 413, `At most ${MAX_EVENTS_PER_BATCH} events per batch`);
    }
    return events;
  }
  if (data) {
    checkCrc(data, params.ext);
    const event = decodeBase64Json("data", data);
    if (typeof event !== "object" || event === null || Array.isArray(event)) {
      throw refuse("Invalid field 'data': not a JSON object");
    }
    return [event];
  }
  throw refuse("Missing field 'data' or 'data_list'");
}
