/** Sending a prepared request: network failures become ApiError -2, aborts pass through untouched. */
import { currentConfig } from "./config";
import { ApiError, isAbortError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from "./errors";
import type { PreparedRequest } from "./prepare-request";

/** fetch with the configured implementation. */
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

/** What a failure to send or to read an answer throws: the abort reason, the abort error, or ApiError -2. */
export function toTransportError(error: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  if (isAbortError(error)) return error;
  return new ApiError({ code: NETWORK_ERROR_CODE, msg: NETWORK_ERROR_MESSAGE, status: 0, cause: error });
}
