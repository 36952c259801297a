/**
 * zod/mini twins of the lib/contracts/accounts.ts pieces that browser code outside the login forms needs (the
 * auth store's public-key fetch and logout). lib/contracts/accounts.ts stays classic zod for the server and
 * re-exports RET from here; keep the two innerAnswerSchema definitions in step (tests/unit/contracts-client.test.ts
 * checks it). First-load code imports this module only on demand (lib/auth/session-api.ts), so zod stays out of it.
 */
import * as z from "zod/mini";

export { RET } from "./account-codes";

/** Mini twin of accounts.ts innerAnswerSchema: `{ ret, status, msg, data }`. */
export const innerAnswerSchema = z.object({
  ret: z.int(),
  status: z.int(),
  msg: z.string(),
  data: z.unknown(),
});
export type InnerAnswer = z.infer<typeof innerAnswerSchema>;

/** get_public_key's inner `data`. */
export const publicKeyDataSchema = z.object({ public_key: z.string().check(z.minLength(1)) });
