/**
 * Typed fetch client for the /v1 API: common headers, SPEC §7 signing, envelope unwrapping, retries for
 * idempotent requests and the 401 hook. Token and device id come from injected getters, so no store is imported.
 */
import { readEnvelope } from "./envelope";
import {
  ApiError,
  INVALID_RESPONSE_CODE,
  isAbortError,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_MESSAGE,
  REQUEST_FAILED_MESSAGE,
  UNAUTHORIZED_CODE,
} from "./errors";
import { isRetryableRequest, isRetryableStatus, MAX_ATTEMPTS, retryDelay, sleep, type Sleep } from "./retry";
import {
  createNonce,
  createSignatureFields,
  defaultSigningKey,
  serializeValue,
  SIGNATURE_HEADER,
  signParams,
} from "./signature";

export const APP_ID = "kewl-web";
export const CHANNEL = "web";
export const IDEMPOTENCY_HEADER = "idempotency-key";
/** 401s for the same token within this window count as one burst: the handler runs once. */
export const UNAUTHORIZED_BURST_MS = 10_000;

export type HttpMethod = "GET" | "HEAD" | "DELETE" | "POST" | "PUT" | "PATCH";
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;
export type JsonBody = Record<string, unknown>;

export interface ApiClientOptions {
  /** Defaults to NEXT_PUBLIC_API_BASE_URL, else "" (same origin). */
  baseUrl?: string;
  getToken: () => string | null;
  getDeviceId: () => string;
  /** Defaults to NEXT_PUBLIC_SIGNING_KEY, else the built-in key. */
  signingKey?: string;
  /** Test seams: fetch defaults to globalThis.fetch at call time, sleep to setTimeout, random to Math.random. */
  fetch?: typeof fetch;
  sleep?: Sleep;
  random?: () => number;
}

interface ClientConfig {
  baseUrl: string;
  getToken: () => string | null;
  getDeviceId: () => string;
  signingKey: string;
  fetch: typeof fetch | undefined;
  sleep: Sleep;
  random: () => number;
}

let fallbackDeviceId: string | undefined;
const fallbackGetDeviceId = (): string => (fallbackDeviceId ??= createNonce(32));

function buildConfig(opts?: ApiClientOptions): ClientConfig {
  return {
    baseUrl: opts?.baseUrl ?? process.env.NEXT_PUBLIC_API_BASE_URL ?? "",
    getToken: opts?.getToken ?? (() => null),
    getDeviceId: opts?.getDeviceId ?? fallbackGetDeviceId,
    signingKey: opts?.signingKey ?? defaultSigningKey(),
    fetch: opts?.fetch,
    sleep: opts?.sleep ?? sleep,
    random: opts?.random ?? Math.random,
  };
}

let config: ClientConfig | undefined;
const currentConfig = (): ClientConfig => (config ??= buildConfig());

/** Replaces the whole client configuration (omitted options fall back to their defaults). */
export function configureApiClient(opts: ApiClientOptions): void {
  config = buildConfig(opts);
}

let unauthorizedHandler: (() => void) | null = null;
let lastUnauthorized: { token: string; at: number } | null = null;

/** Registers the 401 handler (the app: logout + toast AUTH_EXPIRED_MESSAGE). Resets the burst state. */
export function setUnauthorizedHandler(fn: (() => void) | null): void {
  unauthorizedHandler = fn;
  lastUnauthorized = null;
}

/**
 * Runs the 401 handler once per burst: only when the failed request carried a token (no token means nothing
 * expired), and not again for the same token within UNAUTHORIZED_BURST_MS.
 */
export function notifyUnauthorized(token: string | null): void {
  if (!token) return;
  const now = Date.now();
  if (lastUnauthorized && lastUnauthorized.token === token && now - lastUnauthorized.at < UNAUTHORIZED_BURST_MS) {
    return;
  }
  lastUnauthorized = { token, at: now };
  try {
    unauthorizedHandler?.();
  } catch (error) {
    console.error("unauthorized handler failed", error);
  }
}

export function usesQueryParams(method: HttpMethod): boolean {
  return method === "GET" || method === "HEAD" || method === "DELETE";
}

export interface PreparedRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | undefined;
  /** The token sent, for the 401 hook. */
  token: string | null;
}

/**
 * Builds one signed attempt: URL with query, headers and JSON body. GET/HEAD/DELETE carry the lm fields in the
 * query, other methods as top-level body fields. Signed params = path query + `query` + body fields (as they
 * read after a JSON round trip, i.e. what the server parses) + lm fields.
 */
export function prepareRequest(
  method: HttpMethod,
  path: string,
  query?: QueryParams,
  body?: JsonBody,
  extraHeaders?: Record<string, string>,
): PreparedRequest {
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
    [SIGNATURE_HEADER]: signParams(signed, cfg.signingKey),
  };
  if (token) headers.authorization = `Bearer ${token}`;

  const base = cfg.baseUrl.replace(/\/+$/, "");
  const qs = outQuery.toString();
  const url = `${base}${pathname.startsWith("/") ? "" : "/"}${pathname}${qs ? `?${qs}` : ""}`;
  return { url, method, headers, body: bodyText, token };
}

/** fetch with the configured implementation; network failures become ApiError -2, aborts pass through. */
export async function sendPrepared(prepared: PreparedRequest, signal?: AbortSignal): Promise<Response> {
  const fetchImpl = currentConfig().fetch ?? globalThis.fetch;
  try {
    return await fetchImpl(prepared.url, {
      method: prepared.method,
      headers: prepared.headers,
      body: prepared.body,
      signal,
    });
  } catch (error) {
    throw toTransportError(error, signal);
  }
}

function toTransportError(error: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  if (isAbortError(error)) return error;
  return new ApiError({ code: NETWORK_ERROR_CODE, msg: NETWORK_ERROR_MESSAGE, status: 0, cause: error });
}

/**
 * What the client needs from a response schema: a `safeParse`. Both classic `zod` and `zod/mini` schemas fit, so
 * first-load code can validate with zod/mini while server-shared contracts stay classic.
 */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/**
 * A response schema, or a function that loads one. The loader form keeps the schema's module (and zod) out of
 * first-load JavaScript: it is imported only when a response arrives, e.g.
 * `schema: () => import("@/lib/contracts/chat-client").then((m) => m.recentChatListSchema)`.
 */
export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

export interface RequestOptions<T> {
  /** Validates the envelope's data; a mismatch rejects with ApiError -1. */
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
  /** Sent as the idempotency-key header; makes a non-GET request retryable. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

export interface ApiRequest<T> extends RequestOptions<T> {
  method: HttpMethod;
  path: string;
  query?: QueryParams;
  body?: JsonBody;
}

/** The general request: resolves with the envelope's data, rejects with ApiError (or the abort reason). */
export async function apiRequest<T = unknown>(req: ApiRequest<T>): Promise<T> {
  const { method, path, query, body, signal, idempotencyKey } = req;
  const headers = idempotencyKey ? { ...req.headers, [IDEMPOTENCY_HEADER]: idempotencyKey } : req.headers;
  const retryable = isRetryableRequest(method, idempotencyKey);

  for (let attempt = 1; ; attempt++) {
    const cfg = currentConfig();
    const canRetry = retryable && attempt < MAX_ATTEMPTS;
    // re-signed every attempt: fresh timestamp and nonce
    const prepared = prepareRequest(method, path, query, body, headers);
    let response: Response;
    try {
      response = await sendPrepared(prepared, signal);
    } catch (error) {
      if (canRetry && error instanceof ApiError && error.code === NETWORK_ERROR_CODE) {
        await cfg.sleep(retryDelay(attempt, null, cfg.random), signal);
        continue;
      }
      throw error;
    }
    if (canRetry && isRetryableStatus(response.status)) {
      const wait = retryDelay(attempt, response.headers.get("retry-after"), cfg.random);
      await response.body?.cancel().catch(() => undefined);
      await cfg.sleep(wait, signal);
      continue;
    }
    return readResponse(response, prepared.token, req.schema, signal);
  }
}

async function readResponse<T>(
  response: Response,
  token: string | null,
  source: SchemaSource<T> | undefined,
  signal?: AbortSignal,
): Promise<T> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw toTransportError(error, signal);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const status = response.status;
  const env = readEnvelope(body);

  if (status === UNAUTHORIZED_CODE || env?.code === UNAUTHORIZED_CODE) {
    notifyUnauthorized(token);
    throw new ApiError({
      code: env?.code ?? UNAUTHORIZED_CODE,
      msg: env?.msg ?? REQUEST_FAILED_MESSAGE,
      data: env?.data,
      status,
      body,
    });
  }
  if (!env) {
    throw new ApiError({ code: INVALID_RESPONSE_CODE, msg: REQUEST_FAILED_MESSAGE, status, body });
  }
  if (!env.ok) {
    throw new ApiError({ code: env.code, msg: env.msg ?? REQUEST_FAILED_MESSAGE, data: env.data, status, body });
  }
  if (!source) return env.data as T;
  const schema = await loadSchema(source, signal);
  const parsed = schema.safeParse(env.data);
  if (!parsed.success) {
    throw new ApiError({
      code: INVALID_RESPONSE_CODE,
      msg: REQUEST_FAILED_MESSAGE,
      data: env.data,
      status,
      body,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** The schema itself, or the one its loader imports (a failed chunk load counts as a network error). */
export async function loadSchema<T>(source: SchemaSource<T>, signal?: AbortSignal): Promise<ResponseSchema<T>> {
  if (typeof source !== "function") return source;
  try {
    return await source();
  } catch (error) {
    throw toTransportError(error, signal);
  }
}

export function apiGet<T = unknown>(
  path: string,
  query?: QueryParams,
  options: Pick<RequestOptions<T>, "schema" | "signal" | "headers"> = {},
): Promise<T> {
  return apiRequest<T>({ ...options, method: "GET", path, query });
}

export function apiPost<T = unknown>(
  path: string,
  body?: JsonBody,
  options: RequestOptions<T> = {},
): Promise<T> {
  return apiRequest<T>({ ...options, method: "POST", path, body });
}
