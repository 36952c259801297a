/**
 * The typed fetch client for the /v1 API: each attempt is signed (prepare-request.ts) and sent (send.ts), GET and
 * HEAD are retried on 408/409/425/429/5xx and network errors (retry.ts), and the answer's envelope is read
 * (read-answer.ts) and its data checked against the caller's schema (response-schema.ts).
 */
import { currentConfig } from "./config";
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE } from "./errors";
import {
  prepareRequest,
  type HttpMethod,
  type PreparedRequest,
  type JsonBody,
  type QueryParams,
} from "./prepare-request";
import { readAnswer, type Answer } from "./read-answer";
import { loadSchema, type SchemaSource } from "./response-schema";
import { backoffDelay, isRetryableRequest, isRetryableStatus, MAX_ATTEMPTS, retryDelay } from "./retry";
import { sendPrepared } from "./send";

export interface RequestOptions<T> {
  /** Validates the envelope's data; a mismatch rejects with ApiError -1. */
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
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
  const { method, path, query, body, signal, headers } = req;
  const retryable = isRetryableRequest(method);

  for (let attempt = 1; ; attempt++) {
    const cfg = currentConfig();
    const canRetry = retryable && attempt < MAX_ATTEMPTS;
    let prepared: PreparedRequest;
    let response: Response;
    try {
      // re-signed every attempt: fresh timestamp and nonce
      prepared = await prepareRequest(method, path, query, body, headers, signal);
      response = await sendPrepared(prepared, signal);
    } catch (error) {
      if (canRetry && error instanceof ApiError && error.code === NETWORK_ERROR_CODE) {
        await cfg.sleep(backoffDelay(attempt, cfg.random), signal);
        continue;
      }
      throw error;
    }
    const wait =
      canRetry && isRetryableStatus(response.status)
        ? retryDelay(attempt, response.headers.get("retry-after"), cfg.random)
        : null;
    if (wait !== null) {
      await response.body?.cancel().catch(() => undefined);
      await cfg.sleep(wait, signal);
      continue;
    }
    return validated(await readAnswer(response, prepared.token, signal), req.schema, signal);
  }
}

async function validated<T>(answer: Answer, source: SchemaSource<T> | undefined, signal?: AbortSignal): Promise<T> {
  if (!source) return answer.data as T;
  const schema = await loadSchema(source, signal);
  const parsed = schema.safeParse(answer.data);
  if (parsed.success) return parsed.data;
  const { data, status, body } = answer;
  throw new ApiError({ code: INVALID_RESPONSE_CODE, data, status, body, cause: parsed.error });
}

export function apiGet<T = unknown>(path: string, query?: QueryParams, options: RequestOptions<T> = {}): Promise<T> {
  return apiRequest<T>({ ...options, method: "GET", path, query });
}

export function apiPost<T = unknown>(path: string, body?: JsonBody, options: RequestOptions<T> = {}): Promise<T> {
  return apiRequest<T>({ ...options, method: "POST", path, body });
}
