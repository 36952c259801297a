/**
 * One signed attempt of a request (SPEC §7): URL with query, common headers, bearer token, JSON body and the
 * signature. Built again for every attempt, so each has a fresh timestamp and nonce.
 */
import { APP_ID, CHANNEL, currentConfig } from "./config";
import { toTransportError } from "./send";
import { createSignatureFields, serializeValue, SIGNATURE_HEADER } from "./signature";

export type HttpMethod = "GET" | "HEAD" | "DELETE" | "POST" | "PUT" | "PATCH";
type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;
export type JsonBody = Record<string, unknown>;

export interface PreparedRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | undefined;
  /** The token sent, for the 401 hook. */
  token: string | null;
}

let signer: Promise<typeof import("./sign-params").signParams> | null = null;

/** The MD5 signer, loaded with the first request (not with the page); a failed load counts as a network error. */
async function loadSigner(signal?: AbortSignal) {
  signer ??= import("./sign-params").then((m) => m.signParams);
  try {
    return await signer;
  } catch (error) {
    signer = null;
    throw toTransportError(error, signal);
  }
}

function usesQueryParams(method: HttpMethod): boolean {
  return method === "GET" || method === "HEAD" || method === "DELETE";
}

/**
 * GET/HEAD/DELETE carry the lm fields in the query, other methods as top-level body fields. Signed params = path
 * query + `query` + body fields (as they read after a JSON round trip, i.e. what the server parses) + lm fields.
 */
export async function prepareRequest(
  method: HttpMethod,
  path: string,
  query?: QueryParams,
  body?: JsonBody,
  extraHeaders?: Record<string, string>,
  signal?: AbortSignal,
): Promise<PreparedRequest> {
  const cfg = currentConfig();
  const queryMethod = usesQueryParams(method);
  if (queryMethod && body !== undefined) throw new TypeError(`${method} requests cannot carry a body`);

  const signed = Object.create(null) as Record<string, unknown>;
  const [pathname = "", search = ""] = path.split(/\?(.*)/s);
  const outQuery = new URLSearchParams(search);
  for (const [name, value] of outQuery) signed[name] = value;
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const text = serializeValue(value) ?? "";
    outQuery.set(name, text);
    signed[name] = text;
  }

  const lm = createSignatureFields(cfg.getDeviceId());
  let bodyText: string | undefined;
  if (queryMethod) {
    for (const [name, value] of Object.entries(lm)) {
      outQuery.set(name, value);
      signed[name] = value;
    }
  } else {
    bodyText = JSON.stringify({ ...body, ...lm });
    const sent = JSON.parse(bodyText) as Record<string, unknown>;
    for (const [name, value] of Object.entries(sent)) signed[name] = value;
  }

  const token = cfg.getToken() || null;
  const headers: Record<string, string> = {
    ...extraHeaders,
    "content-type": "application/json",
    app: APP_ID,
    channel: CHANNEL,
    [SIGNATURE_HEADER]: (await loadSigner(signal))(signed, cfg.signingKey),
  };
  if (token) headers.authorization = `Bearer ${token}`;

  const base = cfg.baseUrl.replace(/\/+$/, "");
  const qs = outQuery.toString();
  const url = `${base}${pathname.startsWith("/") ? "" : "/"}${pathname}${qs ? `?${qs}` : ""}`;
  return { url, method, headers, body: bodyText, token };
}
