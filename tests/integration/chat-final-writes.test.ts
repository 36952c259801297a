import { randomUUID } from "node:crypto";
import diagnostics_channel from "node:diagnostics_channel";
import { setImmediate as nextTurn } from "node:timers/promises";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, chatSessions, robots } from "@/server/db/schema";
import { PGLITE_STATEMENT_CHANNEL, type PgliteStatementMessage } from "@/server/db/pglite-statement-channel";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { trackReply } from "@/server/modules/chat/active-replies";
import { FINAL_WRITE_GATHER_MS, gatherMs, writeFinal, type FinalValues } from "@/server/modules/chat/final-writes";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const complete = (content: string, coinsSpent = 0): FinalValues => ({
  content,
  status: "complete",
  coinsSpent,
  promptTokens: 12,
  completionTokens: content.length,
});

describe.each(testDrivers())("replies' final writes together, on %s", (driver) => {
  let database: DbHandle;
  let sessionId: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    const { user } = await createUserWithSession(database.db);
    const [robot] = await database.db.select({ id: robots.id }).from(robots).limit(1);
    sessionId = randomUUID();
    await database.db.insert(chatSessions).values({ id: sessionId, userId: user.id, robotId: robot!.id });
  });
  afterAll(async () => database?.close());

  /** `n` assistant rows being written, as a reply's turn leaves them. */
  async function streamingReplies(n: number): Promise<number[]> {
    const rows = await database.db
      .insert(chatMessages)
      .values(Array.from({ length: n }, () => ({ sessionId, role: "assistant", content: "", status: "streaming" })))
      .returning({ id: chatMessages.id });
    return rows.map((r) => r.id);
  }

  it("writes the replies that end together, each answered with its own row", async () => {
    const ids = await streamingReplies(12);
    // All asked in one turn of the event loop: they go together.
    const written = await Promise.all(ids.map((id, i) => writeFinal(database.db, id, complete(`reply ${i}`, i))));
    expect(written.map((row) => [row?.id, row?.content, row?.coinsSpent, row?.status])).toEqual(
      ids.map((id, i) => [id, `reply ${i}`, i, "complete"]),
    );
    const stored = await database.db.select().from(chatMessages).where(inArray(chatMessages.id, ids));
    for (const row of stored) {
      const i = ids.indexOf(row.id);
      expect(row).toMatchObject({ content: `reply ${i}`, status: "complete", promptTokens: 12, coinsSpent: i });
    }
  });

  it("leaves a row that is no longer streaming as it is, and answers undefined for it alone", async () => {
    const [settled, streaming] = await streamingReplies(2);
    await database.db.update(chatMessages).set({ status: "failed" }).where(eq(chatMessages.id, settled!));
    const [a, b] = await Promise.all([
      writeFinal(database.db, settled!, complete("late")),
      writeFinal(database.db, streaming!, complete("on time")),
    ]);
    expect(a).toBeUndefined();
    expect(b).toMatchObject({ id: streaming, content: "on time" });
    const [row] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, settled!));
    expect(row).toMatchObject({ status: "failed", content: "" });
  });

  it("fails only the reply whose values the database refuses, not the others written with it", async () => {
    const ids = await streamingReplies(4);
    // A NUL cannot be stored in text (the relay replaces it: read-reply-text.ts); here it stands for any bad value.
    const writes = ids.map((id, i) => writeFinal(database.db, id, complete(i === 2 ? "bad\u0000" : `fine ${i}`)));
    const results = await Promise.allSettled(writes);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    const stored = await database.db.select().from(chatMessages).where(inArray(chatMessages.id, ids));
    expect(Object.fromEntries(stored.map((row) => [ids.indexOf(row.id), row.status]))).toEqual({
      0: "complete",
      1: "complete",
      2: "streaming",
      3: "complete",
    });
  });

  it("with many replies open, waits for others to go with it on PGlite (none end during its statement there)", async () => {
    expect(gatherMs(database.db, 10)).toBe(0);
    expect(gatherMs(database.db, 60)).toBe(driver === "pglite" ? FINAL_WRITE_GATHER_MS : 0);
    if (driver !== "pglite") return;

    let endReplies!: () => void;
    const open = new Promise<void>((resolve) => (endReplies = resolve));
    const replies = Array.from({ length: 60 }, () => open.then(() => undefined));
    for (const reply of replies) trackReply(reply, () => undefined);
    const finalRuns: number[] = [];
    const listen = (message: unknown) => {
      const run = message as PgliteStatementMessage;
      if (run.text.startsWith('update "chat_messages"')) finalRuns.push(run.rows);
    };
    diagnostics_channel.subscribe(PGLITE_STATEMENT_CHANNEL, listen);
    try {
      const ids = await streamingReplies(3);
      // Each ends in a turn of the event loop of its own, after the one before was written had it gone at once.
      const writes: ReturnType<typeof writeFinal>[] = [];
      for (const [i, id] of ids.entries()) {
        writes.push(writeFinal(database.db, id, complete(`gathered ${i}`)));
        await nextTurn();
      }
      const written = await Promise.all(writes);
      expect(written.map((row) => row?.content)).toEqual(["gathered 0", "gathered 1", "gathered 2"]);
      expect(finalRuns).toEqual([3]);
    } finally {
      diagnostics_channel.unsubscribe(PGLITE_STATEMENT_CHANNEL, listen);
      endReplies();
      await Promise.all(replies);
    }
  });
});
