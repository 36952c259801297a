/** Public surface of the browser API client. */
export {
  APP_ID,
  CHANNEL,
  IDEMPOTENCY_HEADER,
  UNAUTHORIZED_BURST_MS,
  apiGet,
  apiPost,
  apiRequest,
  configureApiClient,
  setUnauthorizedHandler,
  type ApiClientOptions,
  type ApiRequest,
  type HttpMethod,
  type JsonBody,
  type QueryParams,
  type QueryValue,
  type RequestOptions,
  type ResponseSchema,
  type SchemaSource,
} from "./client";
export {
  AUTH_EXPIRED_MESSAGE,
  ApiError,
  INVALID_RESPONSE_CODE,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_MESSAGE,
  REQUEST_FAILED_MESSAGE,
  StreamError,
  UNAUTHORIZED_CODE,
  isAbortError,
  isApiError,
  isStreamError,
  isUnauthorizedError,
} from "./errors";
export { SUCCESS_CODES, isSuccessCode, readEnvelope, type ReadEnvelope } from "./envelope";
export { envelopeSchema, failureEnvelopeSchema, successEnvelope, type RawEnvelope } from "./envelope-schemas";
export { MAX_ATTEMPTS, RETRY_STATUSES } from "./retry";
export { SIGNATURE_FIELDS, SIGNATURE_HEADER, canonicalString, signParams } from "./signature";
export { CLOSE_EVENT, createSseParser, postStream, type SseEvent, type SseParser } from "./sse";
