import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTokens, captchas, emailCodes, mailOutbox, serverInstances } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { sweepExpiredRows, type RetentionPeriods } from "@/server/modules/retention/retention-sweep";
import { randomBytes } from "node:crypto";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const PERIODS: RetentionPeriods = {
  captchaHours: 2,
  emailCodeHours: 3,
  accountTokenHours: 4,
  sessionDays: 5,
  mailOutboxDays: 6,
};
const NOW = new Date("2026-06-01T12:00:00Z");
/** A minute either side of each period's edge. */
const at = (ms: number) => new Date(NOW.getTime() - ms);
const past = (ms: number) => at(ms + 60_000);
const inside = (ms: number) => at(ms - 60_000);
const hash = () => randomBytes(16).toString("hex");

describe.each(testDrivers())("the retention sweep on %s", (driver) => {
  let database: DbHandle;
  beforeAll(async () => void (database = await createTestDatabase(driver)));
  afterAll(async () => database?.close());

  it("deletes only what is past its period, in batches, and leaves live rows alone", async () => {
    const { db } = database;
    const { user } = await createUserWithSession(db, "Sweep");
    const captcha = (expiresAt: Date) => ({ email: "a@example.test", answerHash: hash(), expiresAt });
    const code = (expiresAt: Date) => ({ email: "a@example.test", type: 4, codeHash: hash(), expiresAt });
    const token = (kind: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      userId: user.id,
      kind,
      tokenHash: hash(),
      expiresAt,
      revokedAt,
    });
    const mail = (createdAt: Date) => ({ to: "a@example.test", subject: "Code", text: "123456", createdAt });

    // Five of the old captchas: more than one batch of 2.
    const oldCaptchas = await db
      .insert(captchas)
      .values([1, 2, 3, 4, 5].map(() => captcha(past(2 * HOUR))))
      .returning({ id: captchas.id });
    const [keptCaptcha] = await db
      .insert(captchas)
      .values(captcha(inside(2 * HOUR)))
      .returning({ id: captchas.id });
    const [, keptCode] = await db
      .insert(emailCodes)
      .values([code(past(3 * HOUR)), code(inside(3 * HOUR))])
      .returning({ id: emailCodes.id });
    const tokens = await db
      .insert(authTokens)
      .values([
        token("account", past(4 * HOUR)),
        token("password_reset", past(4 * HOUR)),
        token("oauth_code", past(4 * HOUR)),
        token("account", inside(4 * HOUR)),
        // A session expired 4 hours ago is well inside its 5 days.
        token("session", past(4 * HOUR)),
        token("session", past(5 * DAY)),
        // Signed out 5 days ago, though it would have lasted another month.
        token("session", new Date(NOW.getTime() + 30 * DAY), past(5 * DAY)),
        token("session", new Date(NOW.getTime() + 30 * DAY), inside(5 * DAY)),
        token("session", new Date(NOW.getTime() + DAY)),
      ])
      .returning({ id: authTokens.id });
    const [, keptMail] = await db
      .insert(mailOutbox)
      .values([mail(past(6 * DAY)), mail(inside(6 * DAY))])
      .returning({ id: mailOutbox.id });

    // A crashed process's row lapsed two days ago goes; one lapsed an hour ago (or alive) stays.
    await db.insert(serverInstances).values([
      { id: "lapsed-long-ago", aliveUntil: past(2 * DAY) },
      { id: "lapsed-lately", aliveUntil: new Date(NOW.getTime() - HOUR) },
    ]);

    const counts = await sweepExpiredRows(db, PERIODS, NOW, { batch: 2, maxBatches: 10 });
    expect(counts).toEqual({
      captchas: 5,
      emailCodes: 1,
      accountTokens: 3,
      sessions: 2,
      mailOutbox: 1,
      serverInstances: 1,
    });
    expect((await db.select({ id: serverInstances.id }).from(serverInstances)).map((r) => r.id)).toEqual([
      "lapsed-lately",
    ]);

    const ids = <T extends { id: string }>(rows: T[]) => rows.map((r) => r.id).sort();
    const captchaIds = [...oldCaptchas, keptCaptcha!].map((r) => r.id);
    expect(ids(await db.select({ id: captchas.id }).from(captchas).where(inArray(captchas.id, captchaIds)))).toEqual([
      keptCaptcha!.id,
    ]);
    expect(ids(await db.select({ id: emailCodes.id }).from(emailCodes))).toEqual([keptCode!.id]);
    const left = ids(
      await db
        .select({ id: authTokens.id })
        .from(authTokens)
        .where(
          inArray(
            authTokens.id,
            tokens.map((t) => t.id),
          ),
        ),
    );
    expect(left).toEqual(ids([tokens[3]!, tokens[4]!, tokens[7]!, tokens[8]!]));
    expect(ids(await db.select({ id: mailOutbox.id }).from(mailOutbox))).toEqual([keptMail!.id]);

    // A second run finds nothing more.
    expect(await sweepExpiredRows(db, PERIODS, NOW)).toEqual({
      captchas: 0,
      emailCodes: 0,
      accountTokens: 0,
      sessions: 0,
      mailOutbox: 0,
      serverInstances: 0,
    });
  });

  it("stops after maxBatches statements and leaves the rest for the next run", async () => {
    const { db } = database;
    await db
      .insert(captchas)
      .values([1, 2, 3, 4, 5].map(() => ({ email: "b@example.test", answerHash: hash(), expiresAt: past(2 * HOUR) })));
    const first = await sweepExpiredRows(db, PERIODS, NOW, { batch: 2, maxBatches: 2 });
    expect(first.captchas).toBe(4);
    const second = await sweepExpiredRows(db, PERIODS, NOW, { batch: 2, maxBatches: 2 });
    expect(second.captchas).toBe(1);
  });
});
