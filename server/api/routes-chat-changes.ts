import { Hono } from "hono";
import {
  chatDeleteMessagesRequest,
  chatEditRequest,
  chatGreetingRequest,
  chatRegenerateRequest,
  chatResendRequest,
  chatSwipeRequest,
} from "../../lib/contracts/chat";
import { deleteMessages, editReply } from "../modules/chat/chat-edits";
import { beginRegeneration, beginResend } from "../modules/chat/chat-rewrites";
import { chooseGreeting, chooseSwipe } from "../modules/chat/chat-swipes";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth } from "./middleware/auth";
import { chatDeps, streamReply } from "./routes-chat";
import { readBody } from "./validate";
import { viewerOf } from "./viewer";

/**
 * Regenerate and swipes, edits and deletions of a chat's messages. Each names a message by id, which names its chat;
 * another user's message is a 404. Replies stream exactly like /chat_session/chat.
 */
export function chatChangeRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.post("/chat_session/regenerate", requireAuth, async (c) => {
    const input = readBody(c, chatRegenerateRequest);
    return streamReply(c, await beginRegeneration(chatDeps(c), c.get("user").id, c.get("token"), viewerOf(c), input));
  });

  app.post("/chat_session/resend", requireAuth, async (c) => {
    const input = readBody(c, chatResendRequest);
    return streamReply(c, await beginResend(chatDeps(c), c.get("user").id, c.get("token"), viewerOf(c), input));
  });

  app.post("/chat_session/swipe", requireAuth, async (c) => {
    const input = readBody(c, chatSwipeRequest);
    const swipe = { messageId: input.message_id, index: input.index };
    return ok(c, await chooseSwipe(chatDeps(c), c.get("user").id, swipe));
  });

  app.post("/chat_session/greeting", requireAuth, async (c) => {
    const input = readBody(c, chatGreetingRequest);
    const choice = { robotId: input.robot_id, chatId: input.chat_id, index: input.index };
    return ok(c, await chooseGreeting(chatDeps(c), c.get("user").id, choice));
  });

  app.post("/chat_session/edit", requireAuth, async (c) => {
    const input = readBody(c, chatEditRequest);
    return ok(
      c,
      await editReply(chatDeps(c), c.get("user").id, { messageId: input.message_id, content: input.content }),
    );
  });

  app.post("/chat_session/delete_messages", requireAuth, async (c) => {
    const input = readBody(c, chatDeleteMessagesRequest);
    return ok(
      c,
      await deleteMessages(chatDeps(c), c.get("user").id, { messageId: input.message_id, scope: input.scope }),
    );
  });

  return app;
}
