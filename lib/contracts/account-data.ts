import { z } from "zod";
import { text } from "./fields";

export { ACCOUNT_DATA_CODES } from "./account-codes";

/**
 * The account's own data (README "Accounts"):
 *
 * - GET /v1/user/export: the archive (application/zip, an attachment): `profile.json` (the profile, persona,
 *   sign-in methods, favourites, subscription, wallet with its ledger, orders, and an index of the rest),
 *   `characters/*.png` (each of the user's characters as a Character Card PNG with `ccv3` and `chara` chunks) and
 *   `chats/*.jsonl` (each chat as SillyTavern's chat file). A few an hour per user, then 429.
 * - POST /v1/user/delete: deletes the account for good. `confirm` must be the account's ID (any letter case);
 *   else 400 code ACCOUNT_DATA_CODES.CONFIRMATION_MISMATCH. A few attempts an hour per user, then 429.
 */
export const accountDeleteRequest = z.object({ confirm: text().trim().min(1).max(60) });
export type AccountDeleteRequest = z.infer<typeof accountDeleteRequest>;

export const accountDeletedSchema = z.object({
  deleted: z.literal(true),
  /** Private characters, deleted with the account. */
  characters_deleted: z.number().int().nonnegative(),
  /** Public and unlisted characters, kept without their creator. */
  characters_kept: z.number().int().nonnegative(),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;
