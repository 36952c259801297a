import { AppError } from "../../errors";

/** What a 503 asks clients to wait while Redis is away (ioredis tries to reconnect within 2 s). */
export const SHARED_STORE_RETRY_AFTER_SECONDS = 5;

/** The refusal of an operation that needs Redis (a lease that must hold across instances) while it is away. */
export function sharedStoreUnavailable(): AppError {
  return new AppError(503, 503, "The service is briefly unavailable. Please try again in a moment.", {
    retry_after: SHARED_STORE_RETRY_AFTER_SECONDS,
  });
}
