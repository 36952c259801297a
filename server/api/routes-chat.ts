import { Hono, type Context } from "hono";
import { chatHistoryRequest, chatModelQuery, chatRecentQuery, chatSendRequest, chatSetModelRequest } from "../../lib/contracts/chat";
import { errors } from "../errors";
import { beginReply } from "../modules/chat/begin-reply";
import type { ChatDeps } from "../modules/chat/chat-context";
import { readHistory, recentChats } from "../modules/chat/chat-history";
import { listModelsFor, setSessionModel } from "../modules/chat/model-choice";
import { relayReply } from "../modules/chat/reply-relay";
import { readWallet } from "../modules/chat/wallet-summary";
import type { SessionUser } from "../modules/sessions/sessions";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth, requireToken } from "./middleware/auth";
import { readBody, readQuery } from "./validate";
import { viewerOf } from "./viewer";

function signedIn(c: Context<ApiEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw errors.unauthorized();
  return user;
}

/** The send path resolves its session token inside the reply's first statement (optionalAuth's resolvedByRoute). */
export const CHAT_SEND_PATH = "/chat_session/chat";

function sessionToken(c: Context<ApiEnv>): string {
  const token = c.get("token");
  if (!token) throw errors.unauthorized();
  return token;
}

function chatDeps(c: Context<ApiEnv>): ChatDeps {
  const { database, llm, store, config, logger } = c.get("deps");
  return { db: database.db, llm, store, config, logger };
}

export function chatRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use(CHAT_SEND_PATH, requireToken());
  for (const path of ["/chat_session/history", "/chat_session/set_model", "/chat_session/recent_list", "/buy_coin/wallet"]) {
    app.use(path, requireAuth());
  }

  app.post(CHAT_SEND_PATH, async (c) => {
    const input = readBody(c, chatSendRequest);
    const reply = await beginReply(chatDeps(c), sessionToken(c), viewerOf(c), input);
    c.header("content-type", "text/event-stream; charset=utf-8");
    // no-transform also keeps the compression middleware (and proxies) from buffering the stream.
    c.header("cache-control", "no-cache, no-transform");
    c.header("x-accel-buffering", "no");
    return c.body(relayReply(chatDeps(c), reply));
  });

  app.post("/chat_session/history", async (c) => {
    const input = readBody(c, chatHistoryRequest);
    return ok(c, await readHistory(chatDeps(c).db, signedIn(c).id, { robotId: input.robot_id, before: input.before, limit: input.limit }));
  });

  app.get("/chat_session/recent_list", async (c) => {
    const { limit } = readQuery(c, chatRecentQuery);
    return ok(c, { list: await recentChats(chatDeps(c).db, signedIn(c).id, viewerOf(c), limit) });
  });

  app.get("/chat_session/model", async (c) => {
    const { robot_key } = readQuery(c, chatModelQuery);
    return ok(c, await listModelsFor(chatDeps(c), c.get("user"), robot_key));
  });

  app.post("/chat_session/set_model", async (c) => {
    const input = readBody(c, chatSetModelRequest);
    return ok(c, await setSessionModel(chatDeps(c), signedIn(c), viewerOf(c), input));
  });

  app.get("/buy_coin/wallet", async (c) => ok(c, await readWallet(chatDeps(c), signedIn(c).id)));

  return app;
}
