/**
 * Chat answers and stream messages, in zod/mini so the browser can parse them without classic zod. The server
 * builds values of these types; requests are in chat.ts.
 */
import * as z from "zod/mini";

const chatModelSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** Coins per reply for this user (premium models cost less with a subscription). */
  coin_cost: z.int(),
  premium: z.boolean(),
  /** Served by the built-in offline demo model (no LLM configured). */
  demo: z.boolean(),
  /** False when the model cannot be used by this user now; `reason` says why. */
  available: z.boolean(),
  reason: z.nullable(z.string()),
});
export type ChatModel = z.infer<typeof chatModelSchema>;
export const chatModelListSchema = z.object({ list: z.array(chatModelSchema), current: z.string() });
export type ChatModelList = z.infer<typeof chatModelListSchema>;
export const chatSetModelSchema = z.object({ current: z.string() });

const chatMessageSchema = z.object({
  id: z.number(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  /** complete; partial (stopped by the user or cut by an error after some text); failed (no text). */
  status: z.enum(["complete", "partial", "failed"]),
  model: z.nullable(z.string()),
  coins_spent: z.int(),
  created_at: z.string(),
  /** Of a reply with swipes (history, /swipe, /edit): its place among them, from 0, and how many there are. */
  swipe_index: z.optional(z.int()),
  swipe_count: z.optional(z.int()),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatHistorySchema = z.object({
  session_id: z.nullable(z.string()),
  list: z.array(chatMessageSchema),
  has_more: z.boolean(),
  next_before: z.nullable(z.number()),
  /** The greeting the chat opens with: 0 the character's own, n its n-th alternate greeting. */
  greeting_index: z.optional(z.int()),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

const recentChatSchema = z.object({
  session_id: z.string(),
  robot: z.object({ id: z.number(), key: z.string(), name: z.string(), avatar: z.string() }),
  last_message: z.string(),
  last_message_at: z.string(),
});
export type RecentChat = z.infer<typeof recentChatSchema>;
export const recentChatListSchema = z.object({ list: z.array(recentChatSchema) });

/**
 * One of the user's chats with a character (POST /v1/chat_session/list, create, rename). `title` is the user's,
 * or null; `preview` is the chat's first words (its first message of the user), or null while it has none.
 */
const chatSummarySchema = z.object({
  id: z.string(),
  robot_id: z.number(),
  title: z.nullable(z.string()),
  preview: z.nullable(z.string()),
  message_count: z.int(),
  created_at: z.string(),
  last_message_at: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;
export const chatSummaryListSchema = z.object({ list: z.array(chatSummarySchema) });
export const chatSummaryAnswerSchema = z.object({ chat: chatSummarySchema });
export const chatDeletedSchema = z.object({ chat_id: z.string() });

/**
 * GET /v1/buy_coin/wallet. `free_replies_left` is null when the held plan lifts the daily limit; `subscribed` is
 * true while the user holds a plan in its paid period.
 */
export const walletSchema = z.object({
  wallet_info: z.object({ buy_coin: z.int() }),
  free_replies_left: z.nullable(z.int()),
  free_replies_per_day: z.int(),
  subscribed: z.boolean(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** POST /v1/chat_session/swipe and /edit (chat.ts): the reply as it is now. */
export const chatMessageAnswerSchema = z.object({ message: chatMessageSchema });
export type ChatMessageAnswer = z.infer<typeof chatMessageAnswerSchema>;
/** POST /v1/chat_session/delete_messages: the ids of every message removed (swipes included). */
export const chatDeleteSchema = z.object({ deleted: z.array(z.number()) });
export type ChatDeleted = z.infer<typeof chatDeleteSchema>;
/** POST /v1/chat_session/greeting. */
export const chatGreetingSchema = z.object({ greeting_index: z.int() });

/** POST /v1/chat_session/stop (chat.ts). */
export const chatStopSchema = z.object({ message: z.nullable(chatMessageSchema), wallet: walletSchema });
export type ChatStop = z.infer<typeof chatStopSchema>;

/**
 * Messages of the POST /v1/chat_session/chat stream, each a `data:` line of JSON, then `event: close`.
 * start → delta* → end, or start → delta* → error (the reply is kept as partial when some text came).
 */
const chatStartSchema = z.object({
  type: z.literal("start"),
  session_id: z.string(),
  user_message: chatMessageSchema,
  /** Id the assistant reply will have. */
  message_id: z.number(),
  model: z.string(),
});
const chatDeltaSchema = z.object({ type: z.literal("delta"), text: z.string() });
const chatEndSchema = z.object({
  type: z.literal("end"),
  message: chatMessageSchema,
  usage: z.object({ prompt_tokens: z.nullable(z.int()), completion_tokens: z.nullable(z.int()) }),
  coins_spent: z.int(),
  balance: z.int(),
  free_replies_left: z.nullable(z.int()),
});
export const chatStreamMessageSchema = z.discriminatedUnion("type", [chatStartSchema, chatDeltaSchema, chatEndSchema]);
export type ChatStreamMessage = z.infer<typeof chatStreamMessageSchema>;
export type ChatStart = z.infer<typeof chatStartSchema>;
export type ChatEnd = z.infer<typeof chatEndSchema>;

/**
 * A mid-stream failure: `{ type: "error", error: { code, msg }, message }` where `message` is the stored reply
 * (partial or failed) and `coins_refunded` says whether the cost was given back (no text was produced).
 * The browser's stream reader throws it as an ApiError whose data is this message (SPEC §8).
 */
export const chatStreamErrorDataSchema = z.object({
  type: z.literal("error"),
  error: z.object({ code: z.int(), msg: z.string() }),
  message: z.nullable(chatMessageSchema),
  coins_refunded: z.boolean(),
  balance: z.nullable(z.int()),
});
export type ChatStreamErrorData = z.infer<typeof chatStreamErrorDataSchema>;
