import { Hono, type Context } from "hono";
import {
  chatHistoryRequest,
  chatModelQuery,
  chatRecentQuery,
  chatSendRequest,
  chatSetModelRequest,
  chatStopRequest,
} from "../../lib/contracts/chat";
import { chatPersonaRequest, chatSetPersonaRequest } from "../../lib/contracts/persona";
import { beginReply } from "../modules/chat/begin-reply";
import type { ChatDeps } from "../modules/chat/chat-context";
import { readHistory, recentChats } from "../modules/chat/chat-history";
import { listModelsFor, setSessionModel } from "../modules/chat/model-choice";
import { relayReply } from "../modules/chat/reply-relay";
import { stopReply } from "../modules/chat/stop-reply";
import { readChatPersonaOf, setChatPersona } from "../modules/persona/chat-persona";
import { readWallet } from "../modules/chat/wallet-summary";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth, resolvesOwnSession } from "./middleware/auth";
import { readBody, readQuery } from "./validate";
import { viewerOf } from "./viewer";

function chatDeps<E extends ApiEnv>(c: Context<E>): ChatDeps {
  const { database, llm, store, config, logger } = c.get("deps");
  return { db: database.db, llm, store, config, logger };
}

export function chatRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  /** Resolves its session token inside the reply's first statement (reply-context.ts). */
  app.post("/chat_session/chat", resolvesOwnSession, async (c) => {
    const input = readBody(c, chatSendRequest);
    const reply = await beginReply(chatDeps(c), c.get("token"), viewerOf(c), input);
    c.header("content-type", "text/event-stream; charset=utf-8");
    // no-transform also keeps the compression middleware (and proxies) from buffering the stream.
    c.header("cache-control", "no-cache, no-transform");
    c.header("x-accel-buffering", "no");
    return c.body(relayReply(chatDeps(c), reply));
  });

  app.post("/chat_session/stop", requireAuth, async (c) => {
    const input = readBody(c, chatStopRequest);
    const stop = { messageId: input.message_id, shownLength: input.shown_length };
    return ok(c, await stopReply(chatDeps(c), c.get("user").id, stop));
  });

  app.post("/chat_session/history", requireAuth, async (c) => {
    const input = readBody(c, chatHistoryRequest);
    const page = { robotId: input.robot_id, before: input.before, limit: input.limit };
    return ok(c, await readHistory(chatDeps(c).db, c.get("user").id, page));
  });

  app.get("/chat_session/recent_list", requireAuth, async (c) => {
    const { limit } = readQuery(c, chatRecentQuery);
    return ok(c, { list: await recentChats(chatDeps(c).db, c.get("user").id, viewerOf(c), limit) });
  });

  app.get("/chat_session/model", async (c) => {
    const { robot_key } = readQuery(c, chatModelQuery);
    return ok(c, await listModelsFor(chatDeps(c), c.get("sessionUser"), robot_key));
  });

  app.post("/chat_session/set_model", requireAuth, async (c) => {
    const input = readBody(c, chatSetModelRequest);
    return ok(c, await setSessionModel(chatDeps(c), c.get("user"), viewerOf(c), input));
  });

  app.post("/chat_session/persona", requireAuth, async (c) => {
    const { robot_id } = readBody(c, chatPersonaRequest);
    return ok(c, await readChatPersonaOf(chatDeps(c).db, c.get("user").id, viewerOf(c), robot_id));
  });

  app.post("/chat_session/set_persona", requireAuth, async (c) => {
    const input = readBody(c, chatSetPersonaRequest);
    return ok(c, await setChatPersona(chatDeps(c).db, c.get("user").id, viewerOf(c), input));
  });

  app.get("/buy_coin/wallet", requireAuth, async (c) => ok(c, await readWallet(chatDeps(c), c.get("user").id)));

  return app;
}
