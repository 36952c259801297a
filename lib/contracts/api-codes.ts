/**
 * Envelope codes used by more than one route, beside the ones equal to the HTTP status (400, 401, 404, 429…). The
 * chat's are in chat-codes.ts, the accounts' in account-codes.ts. Without zod, so browser code can import them.
 */
export const API_CODES = {
  /** A missing, malformed or wrong request signature (REQUEST_SIGNING=enforce). HTTP 400. */
  BAD_SIGNATURE: 40010,
  /** An NSFW character before the age check: its detail, a chat send. HTTP 403. */
  AGE_REQUIRED: 40301,
} as const;
