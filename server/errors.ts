import type { ContentfulStatusCode } from "hono/utils/http-status";
import { API_CODES } from "../lib/contracts/api-codes";

/** The one error type: a body code, an HTTP status and a message safe to show to the user. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const errors = {
  badRequest: (msg = "Bad request") => new AppError(400, 400, msg),
  unauthorized: (msg = "Authentication required") => new AppError(401, 401, msg),
  forbidden: (msg = "Forbidden") => new AppError(403, 403, msg),
  notFound: (msg = "Not found") => new AppError(404, 404, msg),
  payloadTooLarge: (msg = "Request body too large") => new AppError(413, 413, msg),
  unsupportedMediaType: (msg = "Content-Type must be application/json") => new AppError(415, 415, msg),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(429, 429, "Too many requests, please slow down", { retry_after: retryAfterSeconds }),
  badSignature: (msg = "Invalid request signature") => new AppError(400, API_CODES.BAD_SIGNATURE, msg),
  unavailable: (msg = "Service unavailable") => new AppError(503, 503, msg),
};
