/** Public surface of the browser API client. */
export { apiGet, apiPost, apiRequest, type ApiRequest, type RequestOptions } from "./client";
export { APP_ID, CHANNEL, configureApiClient, type ApiClientOptions } from "./config";
export {
  AUTH_EXPIRED_MESSAGE,
  ApiError,
  INVALID_RESPONSE_CODE,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_MESSAGE,
  REQUEST_FAILED_MESSAGE,
  UNAUTHORIZED_CODE,
  isAbortError,
  isApiError,
  isUnauthorizedError,
} from "./errors";
export { type HttpMethod, type JsonBody, type QueryParams, type QueryValue } from "./prepare-request";
export { type ResponseSchema, type SchemaSource } from "./response-schema";
export { postStream } from "./sse";
export { UNAUTHORIZED_BURST_MS, setUnauthorizedHandler } from "./unauthorized";
