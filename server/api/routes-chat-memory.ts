import { Hono, type Context } from "hono";
import {
  chatMemoryClearRequest,
  chatMemoryPinRequest,
  chatMemoryQuery,
  chatMemoryUnpinRequest,
  chatMemoryUpdateRequest,
} from "../../lib/contracts/chat-memory";
import {
  clearMemory,
  pinFact,
  readMemory,
  unpinFact,
  updateSummary,
  type ChatRef,
} from "../modules/chat/memory/memory-store";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth } from "./middleware/auth";
import { readBody, readQuery } from "./validate";

const chatRef = (input: { robot_id: number; session_id?: string }): ChatRef => ({
  robotId: input.robot_id,
  sessionId: input.session_id,
});

const db = <E extends ApiEnv>(c: Context<E>) => c.get("deps").database.db;

/** A chat's long-term memory (lib/contracts/chat-memory.ts): read, edit the summary, pin and unpin facts, clear. */
export function chatMemoryRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get("/chat_session/memory", requireAuth, async (c) => {
    const input = readQuery(c, chatMemoryQuery);
    return ok(c, await readMemory(db(c), c.get("user").id, chatRef(input)));
  });

  app.post("/chat_session/memory/update", requireAuth, async (c) => {
    const input = readBody(c, chatMemoryUpdateRequest);
    return ok(c, await updateSummary(db(c), c.get("user").id, chatRef(input), input.summary));
  });

  app.post("/chat_session/memory/pin", requireAuth, async (c) => {
    const input = readBody(c, chatMemoryPinRequest);
    return ok(c, await pinFact(db(c), c.get("user").id, chatRef(input), input.fact));
  });

  app.post("/chat_session/memory/unpin", requireAuth, async (c) => {
    const input = readBody(c, chatMemoryUnpinRequest);
    return ok(c, await unpinFact(db(c), c.get("user").id, chatRef(input), input.fact));
  });

  app.post("/chat_session/memory/clear", requireAuth, async (c) => {
    const input = readBody(c, chatMemoryClearRequest);
    return ok(c, await clearMemory(db(c), c.get("user").id, chatRef(input)));
  });

  return app;
}
