import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { ACCOUNT_DATA_CODES } from "../../../lib/contracts/account-codes";
import type { AccountDeleted } from "../../../lib/contracts/account-data";
import { captchas, emailCodes, favorites, mailOutbox, robots, users, walletLedger, wallets } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError, errors } from "../../errors";
import { invalidateCatalogue } from "../catalogue/catalogue-cache";
import type { SessionUser } from "../sessions/sessions";
import type { AccountDataDeps } from "./account-data-context";
import { spendDeleteAttempt } from "./account-data-limits";
import { stopRenewal } from "./stop-renewal";
import { removeStoredFiles, unusedAvatarKeys } from "./unused-avatar-files";

/** What copies of a deleted account's characters credit instead of its nickname. */
export const DELETED_CREATOR = "Deleted user";

/**
 * POST /v1/user/delete: the account goes for good, once `confirm` is its ID.
 *
 * Gone: the user's row and with it (ON DELETE CASCADE) sessions and other tokens, sign-in identities, known
 * devices, favourites, chats with their messages and memories, personas, the subscription row, the wallet's
 * balance row and free-reply counts; their private characters (and other people's chats with them); mail, codes
 * and captchas sent to their address; their avatar files in storage, unless something else still shows them.
 * Kept: public and unlisted characters, without a creator (copies credit DELETED_CREATOR), so other people's
 * chats, favourites and copies of them go on; orders and the wallet ledger with user_id null, for accounting,
 * the balance closed out by a last entry. A renewing subscription is cancelled at its provider first.
 */
export async function deleteAccount(
  deps: AccountDataDeps,
  user: SessionUser,
  confirm: string,
): Promise<AccountDeleted> {
  await spendDeleteAttempt(deps.store, user.id);
  if (confirm.trim().toLowerCase() !== user.key.toLowerCase()) {
    throw new AppError(400, ACCOUNT_DATA_CODES.CONFIRMATION_MISMATCH, "Type your ID exactly as shown to confirm");
  }
  await stopRenewal(deps, user.id);
  const gone = await deps.db.transaction((tx) => deleteRows(tx, user.id));
  invalidateCatalogue();
  await removeStoredFiles(deps.storage, await unusedAvatarKeys(deps.db, deps.storage, gone.avatars), deps.logger);
  return { deleted: true, characters_deleted: gone.charactersDeleted, characters_kept: gone.charactersKept };
}

async function deleteRows(tx: Db, userId: string) {
  // The user's row first, as every billing writer locks it (subscription-sync.ts lockOrder).
  const [user] = await tx
    .select({ email: users.email, face: users.face })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) throw errors.unauthorized("Authentication expired");
  const own = await tx
    .select({ id: robots.id, visibility: robots.visibility, avatar: robots.avatar })
    .from(robots)
    .where(eq(robots.creatorId, userId));
  const removed = own.filter((r) => r.visibility === "private");

  await closeWallet(tx, userId);
  await tx
    .update(robots)
    .set({ favoriteCount: sql`greatest(${robots.favoriteCount} - 1, 0)` })
    .where(
      inArray(robots.id, tx.select({ id: favorites.robotId }).from(favorites).where(eq(favorites.userId, userId))),
    );
  if (own.length > 0) {
    await tx
      .update(robots)
      .set({ copiedFromCreator: DELETED_CREATOR })
      .where(
        inArray(
          robots.copiedFromId,
          own.map((r) => r.id),
        ),
      );
  }
  if (removed.length > 0) {
    await tx.delete(robots).where(
      and(
        eq(robots.creatorId, userId),
        inArray(
          robots.id,
          removed.map((r) => r.id),
        ),
      ),
    );
  }
  if (user.email) {
    const address = user.email.toLowerCase();
    await tx.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, address));
    await tx.delete(emailCodes).where(eq(sql`lower(${emailCodes.email})`, address));
    await tx.delete(captchas).where(eq(sql`lower(${captchas.email})`, address));
  }
  await tx.delete(users).where(eq(users.id, userId));
  return {
    avatars: [user.face, ...removed.map((r) => r.avatar)].filter((url) => url !== ""),
    charactersDeleted: removed.length,
    charactersKept: own.length - removed.length,
  };
}

/** Coins left are forfeited: a last ledger entry takes the balance to 0, so the kept ledger adds up. */
async function closeWallet(tx: Db, userId: string): Promise<void> {
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .for("update");
  if (!wallet || wallet.balance <= 0) return;
  await tx.insert(walletLedger).values({
    userId,
    delta: -wallet.balance,
    balanceAfter: 0,
    reason: "account deleted",
    reference: `account-deleted:${randomUUID()}`,
  });
}
