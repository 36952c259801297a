import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { parseConfig } from "@/server/config";
import { chatMemories, chatMessages, chatSessions, robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { createLogger } from "@/server/logger";
import type { ChatDeps } from "@/server/modules/chat/chat-context";
import {
  memorySummariesSettled,
  noteLeftWindow,
  runMemoryJob,
  scheduleMemorySummary,
  type SummaryJob,
} from "@/server/modules/chat/memory/memory-summariser";
import { SUMMARY_MAX_OUTPUT_TOKENS } from "@/server/modules/chat/memory/summary-prompt";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createOpenAiCompatibleProvider } from "@/server/providers/llm/openai-compatible";
import { type OpenAiStub, startOpenAiStub } from "@/tests/support/openai-stub-server.mjs";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const summaryRequestBody = z.object({
  model: z.string(),
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
  max_tokens: z.number(),
  stream: z.literal(false).optional(),
});

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub({ tokenDelayMs: 0 });
});
afterAll(async () => stub.close());

describe.each(testDrivers())("memory summariser against the OpenAI-compatible stub on %s", (driver) => {
  let database: DbHandle;
  let deps: ChatDeps;
  let robotId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    const [r] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    robotId = r!.id;
    deps = {
      db: database.db,
      llm: createOpenAiCompatibleProvider({ baseUrl: stub.baseUrl }),
      store: createMemoryStore(),
      config: parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      logger: createLogger("silent"),
    };
  });
  afterAll(async () => database?.close());

  /** A chat of the given turns (user first, alternating), their ids oldest first. */
  async function chat(turns: string[]) {
    const { user } = await createUserWithSession(database.db, "Sam");
    const [session] = await database.db.insert(chatSessions).values({ userId: user.id, robotId }).returning();
    const rows = await database.db
      .insert(chatMessages)
      .values(
        turns.map((content, i) => ({
          sessionId: session!.id,
          role: i % 2 === 0 ? "user" : "assistant",
          content,
        })),
      )
      .returning({ id: chatMessages.id });
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    return { sessionId: session!.id, ids };
  }

  const job = (sessionId: string, before: number): SummaryJob => ({
    sessionId,
    before,
    model: { key: "standard", providerModel: "stub-model", contextTokens: 8192 },
    characterName: "Aria",
    userName: "Sam",
  });

  it("asks the chat's model for the summary of the turns that left the window, and stores its answer", async () => {
    const { sessionId, ids } = await chat([
      "My name is Sam and I bake bread in Lyon.",
      "*smiles* A baker! I keep the lighthouse.",
      "I have two cats.",
      "Cats and bread, what a life.",
      "Still in the window.",
    ]);
    const accepted = stub.requests.length;
    scheduleMemorySummary(deps, job(sessionId, ids[4]!));
    await memorySummariesSettled();

    expect(stub.requests).toHaveLength(accepted + 1);
    const body = summaryRequestBody.parse(stub.requests.at(-1));
    expect(body.model).toBe("stub-model");
    expect(body.max_tokens).toBe(SUMMARY_MAX_OUTPUT_TOKENS);
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0]).toMatchObject({ role: "system" });
    expect(body.messages[0]!.content).toContain("long-term memory of a roleplay chat between Sam and Aria");
    const asked = body.messages[1]!;
    expect(asked.role).toBe("user");
    expect(asked.content).toBe(
      [
        "Memory so far:\n(nothing yet)",
        "New turns:\nSam: My name is Sam and I bake bread in Lyon.\n\nAria: *smiles* A baker! I keep the lighthouse." +
          "\n\nSam: I have two cats.\n\nAria: Cats and bread, what a life.",
        "Write the updated memory.",
      ].join("\n\n"),
    );
    expect(asked.content).not.toContain("Still in the window");

    // The stub answers `Reply from {model}: you said "{first 80 characters of the message}".`
    const echo = asked.content.replace(/\s+/g, " ").trim().slice(0, 80);
    const [row] = await database.db.select().from(chatMemories).where(eq(chatMemories.sessionId, sessionId));
    expect(row).toMatchObject({
      summary: `Reply from stub-model: you said "${echo}".`,
      lastMessageId: ids[3],
      summariseBefore: ids[4],
      failures: 0,
      summarisingSince: null,
    });

    // Once: the same window again asks nothing
    scheduleMemorySummary(deps, job(sessionId, ids[4]!));
    await memorySummariesSettled();
    expect(stub.requests).toHaveLength(accepted + 1);
  });

  it("sends the memory so far with the next turns only", async () => {
    const { sessionId, ids } = await chat(["One.", "Two.", "Three.", "Four.", "Five."]);
    await database.db.insert(chatMemories).values({ sessionId, summary: "Known before.", lastMessageId: ids[1] });
    scheduleMemorySummary(deps, job(sessionId, ids[4]!));
    await memorySummariesSettled();
    const body = summaryRequestBody.parse(stub.requests.at(-1));
    expect(body.messages[1]!.content).toBe(
      "Memory so far:\nKnown before.\n\nNew turns:\nSam: Three.\n\nAria: Four.\n\nWrite the updated memory.",
    );
  });

  it("leaves out the replies the user swiped away from", async () => {
    const { sessionId, ids } = await chat([
      "Tell me a story.",
      "A swiped-away tale.",
      "The chosen tale.",
      "Thanks.",
      "Still here.",
    ]);
    // The second reply of the turn, chosen by a swipe: the first stays as an alternative the model never sees.
    await database.db
      .update(chatMessages)
      .set({ swipeGroup: ids[1]!, chosen: false })
      .where(eq(chatMessages.id, ids[1]!));
    await database.db
      .update(chatMessages)
      .set({ role: "assistant", swipeGroup: ids[1]!, chosen: true })
      .where(eq(chatMessages.id, ids[2]!));
    await database.db.update(chatMessages).set({ role: "user" }).where(eq(chatMessages.id, ids[3]!));
    scheduleMemorySummary(deps, job(sessionId, ids[4]!));
    await memorySummariesSettled();
    const body = summaryRequestBody.parse(stub.requests.at(-1));
    expect(body.messages[1]!.content).toBe(
      "Memory so far:\n(nothing yet)\n\nNew turns:\nSam: Tell me a story.\n\nAria: The chosen tale.\n\nSam: Thanks." +
        "\n\nWrite the updated memory.",
    );
  });

  it("keeps the memory and backs off when the model fails", async () => {
    const { sessionId, ids } = await chat(["Hello [[fail]]", "Hi.", "Later."]);
    await noteLeftWindow(database.db, sessionId, ids[2]!);
    const requests = stub.stats.requests;
    expect(await runMemoryJob(deps, job(sessionId, ids[2]!))).toBe("failed");
    expect(stub.stats.requests).toBe(requests + 1);
    const [row] = await database.db.select().from(chatMemories).where(eq(chatMemories.sessionId, sessionId));
    expect(row).toMatchObject({ summary: "", lastMessageId: null, failures: 1, summarisingSince: null });
    expect(row!.retryAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await runMemoryJob(deps, job(sessionId, ids[2]!))).toBe("nothing");
    expect(stub.stats.requests).toBe(requests + 1);
    const left = await database.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(asc(chatMessages.id));
    expect(left).toHaveLength(3);
  });
});
