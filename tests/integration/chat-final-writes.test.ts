import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, chatSessions, robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { writeFinal, type FinalValues } from "@/server/modules/chat/final-writes";
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
    // All asked at once: the first goes alone, the others wait for it and go together.
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
});
