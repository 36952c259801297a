import { and, lt, ne, eq, or } from "drizzle-orm";
import { authTokens, captchas, emailCodes, mailOutbox, serverInstances } from "../../db/schema";
import type { Db } from "../../db/types";
import { deleteInBatches, type BatchLimits } from "./delete-in-batches";

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long each kind of row is kept once it is of no more use (server/config.ts, RETENTION_*). */
export interface RetentionPeriods {
  /** After a captcha expires. */
  captchaHours: number;
  /** After an e-mail code expires. */
  emailCodeHours: number;
  /** After an account token, a password-reset link or an OAuth code expires. */
  accountTokenHours: number;
  /** After a session expires or is revoked (signed out). */
  sessionDays: number;
  /** After a mail was queued (it holds codes and reset links). */
  mailOutboxDays: number;
}

export type RetentionCounts = Record<
  "captchas" | "emailCodes" | "accountTokens" | "sessions" | "mailOutbox" | "serverInstances",
  number
>;

/** A server process's row, a day after it lapsed (a crash, a lost machine): its replies were settled long since. */
const INSTANCE_ROW_MS = DAY_MS;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Deletes every row past its period, table by table, in bounded batches (delete-in-batches.ts). */
export async function sweepExpiredRows(
  db: Db,
  periods: RetentionPeriods,
  now = new Date(),
  limits: BatchLimits = {},
): Promise<RetentionCounts> {
  const sessionCutoff = before(now, periods.sessionDays * DAY_MS);
  return {
    captchas: await deleteInBatches(
      db,
      captchas,
      lt(captchas.expiresAt, before(now, periods.captchaHours * HOUR_MS))!,
      limits,
    ),
    emailCodes: await deleteInBatches(
      db,
      emailCodes,
      lt(emailCodes.expiresAt, before(now, periods.emailCodeHours * HOUR_MS))!,
      limits,
    ),
    accountTokens: await deleteInBatches(
      db,
      authTokens,
      and(ne(authTokens.kind, "session"), lt(authTokens.expiresAt, before(now, periods.accountTokenHours * HOUR_MS)))!,
      limits,
    ),
    sessions: await deleteInBatches(
      db,
      authTokens,
      and(
        eq(authTokens.kind, "session"),
        or(lt(authTokens.expiresAt, sessionCutoff), lt(authTokens.revokedAt, sessionCutoff)),
      )!,
      limits,
    ),
    mailOutbox: await deleteInBatches(
      db,
      mailOutbox,
      lt(mailOutbox.createdAt, before(now, periods.mailOutboxDays * DAY_MS))!,
      limits,
    ),
    serverInstances: await deleteInBatches(
      db,
      serverInstances,
      lt(serverInstances.aliveUntil, before(now, INSTANCE_ROW_MS))!,
      limits,
    ),
  };
}
