/**
 * Reading a JSON answer (SPEC §8): the envelope's data on success; otherwise an ApiError with the body's code,
 * msg and data and the HTTP status. A 401 (HTTP status or body code) runs the 401 hook first.
 */
import { readEnvelope } from "./envelope";
import { ApiError, INVALID_RESPONSE_CODE, UNAUTHORIZED_CODE } from "./errors";
import { toTransportError } from "./send";
import { notifyUnauthorized } from "./unauthorized";

export interface Answer {
  data: unknown;
  status: number;
  /** The parsed body. */
  body: unknown;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `token` is the one the request carried (for the 401 hook); `signal` decides how a failed read is reported. */
export async function readAnswer(response: Response, token: string | null, signal?: AbortSignal): Promise<Answer> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw toTransportError(error, signal);
  }
  const body = parseJson(text);
  const status = response.status;
  const env = readEnvelope(body);

  if (status === UNAUTHORIZED_CODE || env?.code === UNAUTHORIZED_CODE) {
    notifyUnauthorized(token);
    throw new ApiError({ code: env?.code ?? UNAUTHORIZED_CODE, msg: env?.msg, data: env?.data, status, body });
  }
  if (!env) throw new ApiError({ code: INVALID_RESPONSE_CODE, status, body });
  if (!env.ok) throw new ApiError({ code: env.code, msg: env.msg, data: env.data, status, body });
  return { data: env.data, status, body };
}
