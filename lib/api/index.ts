/**
 * The browser API client's main entry: requests, configuration and the 401 hook. Errors (errors.ts), the chat
 * stream (sse.ts) and the other pieces are imported from their own files.
 */
export { apiGet, apiPost, apiRequest } from "./client";
export { APP_ID, configureApiClient } from "./config";
export { ApiError, NETWORK_ERROR_MESSAGE } from "./errors";
export { setUnauthorizedHandler } from "./unauthorized";
