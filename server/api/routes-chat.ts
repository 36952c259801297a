import type { OutgoingHttpHeaders } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono, type Context } from "hono";
import {
  chatCreateRequest,
  chatDeleteRequest,
  chatExportQuery,
  chatHistoryRequest,
  chatListRequest,
  chatRenameRequest,
  chatModelQuery,
  chatRecentQuery,
  chatSendRequest,
  chatSetModelRequest,
  chatStopRequest,
} from "../../lib/contracts/chat";
import { chatPersonaRequest, chatSetPersonaRequest } from "../../lib/contracts/persona";
import { beginReply, type BegunReply } from "../modules/chat/begin-reply";
import type { ChatDeps } from "../modules/chat/chat-context";
import { openChatExport } from "../modules/chat/chat-export";
import { readHistory, recentChats } from "../modules/chat/chat-history";
import { createChat, deleteChat, listChats, renameChat } from "../modules/chat/chat-list";
import { listModelsFor, setSessionModel } from "../modules/chat/model-choice";
import { relayReplyStream, relayReplyTo } from "../modules/chat/reply-relay";
import { stopReply } from "../modules/chat/stop-reply";
import { readChatPersonaOf, setChatPersona } from "../modules/persona/chat-persona";
import { readWallet } from "../modules/chat/wallet-summary";
import type { ApiEnv } from "./context";
import { chatExportHeaders } from "./chat-download";
import { ok } from "./envelope";
import { requireAuth, resolvesOwnSession } from "./middleware/auth";
import { readBody, readQuery } from "./validate";
import { viewerOf } from "./viewer";

export function chatDeps<E extends ApiEnv>(c: Context<E>): ChatDeps {
  const { database, llm, store, config, logger } = c.get("deps");
  return { db: database.db, llm, store, config, logger };
}

/** Headers as node:http takes them, each set-cookie kept. */
function nodeHeaders(headers: Headers): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of headers) out[name] = name === "set-cookie" ? headers.getSetCookie() : value;
  return out;
}

/**
 * A begun reply as the text/event-stream answer (SPEC §7-§8): /chat_session/chat, /regenerate and /resend. On the
 * Node server it is written straight to the response (relayReplyTo), with the head the middleware prepared.
 */
export function streamReply<E extends ApiEnv>(c: Context<E>, reply: BegunReply): Response {
  c.header("content-type", "text/event-stream; charset=utf-8");
  // no-transform also keeps the compression middleware (and proxies) from buffering the stream.
  c.header("cache-control", "no-cache, no-transform");
  c.header("x-accel-buffering", "no");
  const outgoing = c.env?.outgoing;
  if (!outgoing) return c.body(relayReplyStream(chatDeps(c), reply));
  outgoing.writeHead(200, nodeHeaders(c.body(null).headers));
  relayReplyTo(outgoing, chatDeps(c), reply);
  return RESPONSE_ALREADY_SENT;
}

export function chatRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  /** Resolves its session token inside the reply's first statement (reply-context.ts). */
  app.post("/chat_session/chat", resolvesOwnSession, async (c) => {
    const input = readBody(c, chatSendRequest);
    const reply = await beginReply(chatDeps(c), c.get("token"), viewerOf(c), input);
    return streamReply(c, reply);
  });

  app.post("/chat_session/stop", requireAuth, async (c) => {
    const input = readBody(c, chatStopRequest);
    const stop = { messageId: input.message_id, shownLength: input.shown_length, chatId: input.chat_id };
    return ok(c, await stopReply(chatDeps(c), c.get("user").id, stop));
  });

  app.post("/chat_session/history", requireAuth, async (c) => {
    const input = readBody(c, chatHistoryRequest);
    const page = { robotId: input.robot_id, chatId: input.chat_id, before: input.before, limit: input.limit };
    return ok(c, await readHistory(chatDeps(c).db, c.get("user").id, page));
  });

  app.get("/chat_session/recent_list", requireAuth, async (c) => {
    const { limit } = readQuery(c, chatRecentQuery);
    return ok(c, { list: await recentChats(chatDeps(c).db, c.get("user").id, viewerOf(c), limit) });
  });

  app.get("/chat_session/model", async (c) => {
    const { robot_key, chat_id } = readQuery(c, chatModelQuery);
    return ok(c, await listModelsFor(chatDeps(c), c.get("sessionUser"), robot_key, new Date(), chat_id));
  });

  app.post("/chat_session/set_model", requireAuth, async (c) => {
    const input = readBody(c, chatSetModelRequest);
    return ok(c, await setSessionModel(chatDeps(c), c.get("user"), viewerOf(c), input));
  });

  app.post("/chat_session/list", requireAuth, async (c) => {
    const { robot_id } = readBody(c, chatListRequest);
    return ok(c, { list: await listChats(chatDeps(c).db, c.get("user").id, robot_id) });
  });

  app.post("/chat_session/create", requireAuth, async (c) => {
    const { robot_id } = readBody(c, chatCreateRequest);
    return ok(c, { chat: await createChat(chatDeps(c), c.get("user").id, viewerOf(c), robot_id) });
  });

  app.post("/chat_session/rename", requireAuth, async (c) => {
    const { chat_id, title } = readBody(c, chatRenameRequest);
    return ok(c, { chat: await renameChat(chatDeps(c).db, c.get("user").id, chat_id, title) });
  });

  app.post("/chat_session/delete", requireAuth, async (c) => {
    const { chat_id } = readBody(c, chatDeleteRequest);
    return ok(c, await deleteChat(chatDeps(c), c.get("user").id, chat_id));
  });

  app.get("/chat_session/export", requireAuth, async (c) => {
    const { robot_id, chat_id, format } = readQuery(c, chatExportQuery);
    const file = await openChatExport(chatDeps(c), c.get("user"), { robotId: robot_id, chatId: chat_id, format });
    for (const [name, value] of Object.entries(chatExportHeaders(file))) c.header(name, value);
    return c.body(file.body);
  });

  app.post("/chat_session/persona", requireAuth, async (c) => {
    const input = readBody(c, chatPersonaRequest);
    return ok(c, await readChatPersonaOf(chatDeps(c).db, c.get("user").id, viewerOf(c), input));
  });

  app.post("/chat_session/set_persona", requireAuth, async (c) => {
    const input = readBody(c, chatSetPersonaRequest);
    return ok(c, await setChatPersona(chatDeps(c).db, c.get("user").id, viewerOf(c), input));
  });

  app.get("/buy_coin/wallet", requireAuth, async (c) => ok(c, await readWallet(chatDeps(c), c.get("user").id)));

  return app;
}
