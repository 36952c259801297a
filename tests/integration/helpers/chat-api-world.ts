import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { activeReplyCount, settleActiveReplies } from "@/server/modules/chat/active-replies";
import { createMockProvider, type MockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./fixtures";
import { createTestApi, type TestApi } from "./test-api";
import { createTestDatabase, type Driver } from "./test-database";

/** Three free replies a day, and first-token and idle timeouts short enough to wait for in a test. */
export const CHAT_API_ENV = {
  CHAT_FREE_REPLIES_PER_DAY: "3",
  LLM_FIRST_TOKEN_TIMEOUT_MS: "300",
  LLM_IDLE_TIMEOUT_MS: "300",
};

/** Every reply relayed so far has written its final row (the cap only bounds a failing test). */
export async function repliesSettled(): Promise<void> {
  await settleActiveReplies(20_000);
  expect(activeReplyCount()).toBe(0);
}

export interface ChatApiWorld {
  database: DbHandle;
  api: TestApi;
  /** The scripted model; its script is cleared before each test. */
  llm: MockProvider;
  /** A public, non-NSFW character of the demo seed. */
  robotId: number;
  robotKey: string;
}

/**
 * The chat API over a database of its own with the demo seed and a scripted model, for the describe block that
 * calls this: its hooks fill `world` before the block's own run, so tests read `world.api`, `world.llm` and so on.
 */
export function chatApiWorld(driver: Driver) {
  const world = {} as ChatApiWorld;
  beforeAll(async () => {
    world.database = await createTestDatabase(driver);
    await seedDemo(world.database.db);
    world.llm = createMockProvider();
    world.api = createTestApi(world.database, CHAT_API_ENV, undefined, world.llm);
    const [robot] = await world.database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    world.robotId = robot!.id;
    world.robotKey = robot!.key;
  });
  afterAll(async () => world.database?.close());
  beforeEach(() => world.llm.setScript({}));

  return {
    world,
    /** A new user with a session, and the header that sends its token. */
    signIn: async () => {
      const { user, token } = await createUserWithSession(world.database.db, "Mira");
      return { user, auth: { authorization: `Bearer ${token}` } };
    },
    send: (auth: Record<string, string>, body: Record<string, unknown>) =>
      world.api.post("/v1/chat_session/chat", body, auth),
    data: async (res: Response) => (await res.json()).data,
  };
}
