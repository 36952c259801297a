/** The API client's one error type, its codes and its user-facing messages (SPEC §8). */

export const AUTH_EXPIRED_MESSAGE = "Authentication expired, please login again!";
export const NETWORK_ERROR_MESSAGE = "Network error. Please try again later.";
export const REQUEST_FAILED_MESSAGE = "Request failed";

/** Body code for an invalid or expired token. */
export const UNAUTHORIZED_CODE = 401;
/** Malformed / non-JSON body, or data that fails the caller's schema. */
export const INVALID_RESPONSE_CODE = -1;
/** The request never got an answer (offline, DNS, reset connection). */
export const NETWORK_ERROR_CODE = -2;

export interface ApiErrorInit {
  code: number;
  /** The message to show; REQUEST_FAILED_MESSAGE when absent or empty. */
  msg?: string;
  data?: unknown;
  /** HTTP status; 0 when there was no response, or the failure came inside a stream. */
  status?: number;
  /** The raw parsed body (undefined when there was none or it was not JSON). */
  body?: unknown;
  cause?: unknown;
}

/**
 * Every failure of the API client, whatever the transport (a JSON answer, a chat stream, the network): the body
 * code (or INVALID_RESPONSE_CODE / NETWORK_ERROR_CODE), the message, the data and the HTTP status.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
  readonly status: number;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    const msg = init.msg || REQUEST_FAILED_MESSAGE;
    super(msg, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.msg = msg;
    this.data = init.data ?? null;
    this.status = init.status ?? 0;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for a 401 by body code or HTTP status. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === UNAUTHORIZED_CODE || error.status === UNAUTHORIZED_CODE);
}

/** True when the failure came from an AbortSignal (caller cancelled), which must not be wrapped or retried. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}
