import { createHash, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { emailCodes } from "../../db/schema";
import type { Db } from "../../db/types";
import { normalizeEmail } from "./context";

export const EMAIL_CODE_TTL_MS = 10 * 60_000;
/** A code dies after this many wrong tries. */
export const EMAIL_CODE_MAX_TRIES = 5;
export type EmailCodeType = 3 | 4;

function codeHash(id: string, code: string): string {
  return createHash("sha256").update(`${id}:${code.trim()}`).digest("hex");
}

/** A fresh 6-digit code (only its hash is stored), valid 10 minutes; older codes of this e-mail and type die. */
export async function issueEmailCode(db: Db, rawEmail: string, type: EmailCodeType): Promise<string> {
  const email = normalizeEmail(rawEmail);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ usedAt: new Date() })
      .where(and(sql`lower(${emailCodes.email}) = ${email}`, eq(emailCodes.type, type), isNull(emailCodes.usedAt)));
    await tx.insert(emailCodes).values({
      id,
      email,
      type,
      codeHash: codeHash(id, code),
      expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MS),
    });
  });
  return code;
}

/**
 * Checks a code without using it up. Each check first claims one try atomically (so parallel guesses cannot
 * exceed the budget); a right code gives its try back. The id of the matching live code, or null.
 */
export async function checkEmailCode(
  db: Db,
  rawEmail: string,
  type: EmailCodeType,
  code: string,
): Promise<string | null> {
  const rows = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        sql`lower(${emailCodes.email}) = ${normalizeEmail(rawEmail)}`,
        eq(emailCodes.type, type),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, new Date()),
        lt(emailCodes.attempts, EMAIL_CODE_MAX_TRIES),
      ),
    )
    .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash });
  const match = rows.find((r) =>
    timingSafeEqual(Buffer.from(r.codeHash, "hex"), Buffer.from(codeHash(r.id, code), "hex")),
  );
  if (!match) return null;
  await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} - 1` })
    .where(eq(emailCodes.id, match.id));
  return match.id;
}

/** Uses a checked code up; false when it died meanwhile (used, expired). */
export async function consumeEmailCode(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, new Date())))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}
