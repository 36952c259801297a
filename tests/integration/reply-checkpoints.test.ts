import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config";
import { chatMessages } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { createLogger } from "@/server/logger";
import { usageDay } from "@/server/modules/chat/metering";
import { startCheckpoints } from "@/server/modules/chat/reply-checkpoints";
import { storeTurn } from "@/server/modules/chat/store-turn";
import { createRobotAndModel, createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/** Checkpoints of the replies being written in a process, saved together each tick (reply-checkpoints.ts). */
describe.each(testDrivers())("reply checkpoints on %s", (driver) => {
  let database: DbHandle;
  let robotId: number;
  const deps = () => ({
    db: database.db,
    config: parseConfig({ NODE_ENV: "test", CHAT_CHECKPOINT_MS: "10" }),
    logger: createLogger("silent"),
  });
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    robotId = await createRobotAndModel(database.db, `checkpoint-${driver}`, "Checkpoint", "cp-model");
  });
  afterAll(async () => database?.close());

  async function streamingReply(): Promise<number> {
    const { user } = await createUserWithSession(database.db);
    const turn = await storeTurn(database.db, {
      userId: user.id,
      robotId,
      chat: { id: randomUUID(), existing: false },
      modelKey: "cp-model",
      message: "Hello",
      price: { kind: "included" },
      dailyLimit: 10,
      day: usageDay(),
    });
    return turn.assistantId;
  }
  const contents = async (ids: number[]) =>
    Object.fromEntries(
      (
        await database.db
          .select({ id: chatMessages.id, content: chatMessages.content })
          .from(chatMessages)
          .where(inArray(chatMessages.id, ids))
      ).map((r) => [r.id, r.content]),
    );

  it("saves the text of every reply being written, and never over a reply's final write", async () => {
    const ids = [await streamingReply(), await streamingReply(), await streamingReply()];
    const checkpoints = ids.map((id) => startCheckpoints(deps(), id));
    checkpoints.forEach((c, i) => c.set(`Text of reply ${i}`));
    await expect.poll(() => contents(ids)).toEqual(Object.fromEntries(ids.map((id, i) => [id, `Text of reply ${i}`])));

    // The first reply is final: a later checkpoint of it changes nothing. The second stops: its text stays.
    await database.db
      .update(chatMessages)
      .set({ status: "complete", content: "Final text" })
      .where(eq(chatMessages.id, ids[0]!));
    checkpoints[1]!.stop();
    checkpoints[0]!.set("Longer text that came after the final write");
    checkpoints[1]!.set("Never saved");
    checkpoints[2]!.set("Text of reply 2, grown");
    await expect.poll(async () => (await contents(ids))[ids[2]!]).toBe("Text of reply 2, grown");
    expect(await contents(ids)).toEqual({
      [ids[0]!]: "Final text",
      [ids[1]!]: "Text of reply 1",
      [ids[2]!]: "Text of reply 2, grown",
    });
    checkpoints.forEach((c) => c.stop());
  });

  it("saves a reply's first text at once, not an interval later; later text waits for the interval", async () => {
    const slow = {
      ...deps(),
      config: parseConfig({ NODE_ENV: "test", CHAT_CHECKPOINT_MS: "600000" }),
    };
    const [first, second] = [await streamingReply(), await streamingReply()];
    const a = startCheckpoints(slow, first);
    a.set("The first words");
    await expect.poll(async () => (await contents([first]))[first]).toBe("The first words");
    a.set("The first words and more");
    // Another reply's first text goes at once too, without the first reply's later text.
    const b = startCheckpoints(slow, second);
    b.set("Another reply");
    await expect.poll(async () => (await contents([second]))[second]).toBe("Another reply");
    expect((await contents([first]))[first]).toBe("The first words");
    a.stop();
    b.stop();
  });
});
