import { randomBytes } from "node:crypto";

/**
 * The routes of input-rules.test.ts: which request contract each route reads, with a valid payload, and the routes
 * that read none or take their body raw.
 */
export interface Ids {
  robotId: number;
  robotKey: string;
}

export interface Sample {
  route: string;
  /** "file.export" in lib/contracts. */
  schema: string;
  input: (ids: Ids) => Record<string, unknown>;
  /** The inner path of /v1/channel/report whose `param` this payload is. */
  inner?: string;
}

export const VALID_EMAIL = "someone@example.test";
const TOKEN = "t".repeat(40);

/** A character with every field of the form and of the kept card data. */
const CHARACTER = {
  name: "Input Rules",
  avatar: "",
  intro: "An intro",
  greeting: "Hello there",
  alternate_greetings: ["Hi again"],
  persona: "A persona",
  scenario: "A scenario",
  example_dialogue: "An example",
  tags: ["fantasy"],
  nsfw: false,
  visibility: "private",
  card: {
    extensions: { app: { note: "kept" } },
    character_book: { name: "Lore" },
    extra: { source: "somewhere" },
    creator_notes: "Notes",
    system_prompt: "System",
    post_history_instructions: "Post",
    creator: "Someone",
    character_version: "1.0",
    nickname: "Nick",
    group_only_greetings: ["Hello all"],
  },
  lorebook: {
    name: "Book",
    description: "About",
    extensions: { app: "kept" },
    entries: [
      {
        keys: ["dragon"],
        secondary_keys: ["red"],
        content: "Dragons",
        name: "Entry",
        comment: "Note",
        extensions: { app: "kept" },
      },
    ],
  },
};

function sample(route: string, schema: string, input: Sample["input"], inner?: string): Sample {
  return { route, schema, input, inner };
}
const REPORT = "POST /v1/channel/report";

export const SAMPLES: Sample[] = [
  sample("POST /v1/tag/list", "catalogue.tagListRequest", () => ({})),
  sample("POST /v1/tag/detail", "catalogue.tagDetailRequest", () => ({ key: "fantasy" })),
  sample("POST /v1/tag/robots", "catalogue.tagRobotsRequest", () => ({ tag_key: "fantasy", page: 1, page_size: 10 })),
  sample("POST /v1/robot/search", "catalogue.robotSearchRequest", () => ({ keyword: "dragon", page: 1, page_size: 5 })),
  sample("POST /v1/tag/robot/detail", "catalogue.robotDetailRequest", (ids) => ({ id: ids.robotId })),
  sample("POST /v1/tag/robot/exists", "catalogue.robotExistsRequest", (ids) => ({
    name: "Nobody",
    exclude_id: ids.robotId,
  })),
  sample("POST /v1/user/favorites/add", "catalogue.favoriteChangeRequest", (ids) => ({ robot_id: ids.robotId })),
  sample("POST /v1/user/favorites/remove", "catalogue.favoriteChangeRequest", (ids) => ({ robot_id: ids.robotId })),
  sample("POST /v1/user/favorites/check", "catalogue.favoriteCheckRequest", (ids) => ({ robot_ids: [ids.robotId] })),
  sample("POST /v1/user/favorites/list", "catalogue.favoriteListRequest", () => ({ page: 1, page_size: 10 })),
  sample(REPORT, "accounts.reportRequest", () => ({
    url: "/1/api/exist_account",
    type: "GET",
    param: JSON.stringify({ name: VALID_EMAIL }),
    has_token: false,
  })),
  sample(REPORT, "accounts.existAccountParam", () => ({ name: VALID_EMAIL }), "/1/api/exist_account"),
  sample(REPORT, "accounts.publicKeyParam", () => ({ devtype: "web", business: "kewl" }), "/2/api/user/get_public_key"),
  sample(REPORT, "accounts.captchaParam", () => ({ email: VALID_EMAIL, black_box: "bb" }), "/1/api/user/captcha"),
  sample(
    REPORT,
    "accounts.sendEmailParam",
    () => ({
      email: VALID_EMAIL,
      type: 4,
      business: "kewl",
      appstyle: "web",
      access_token: "x",
      code_type: "1",
      devtype: "web",
    }),
    "/1/api/user/send_email",
  ),
  sample(
    REPORT,
    "accounts.verifyRegisterParam",
    () => ({
      name: VALID_EMAIL,
      password: "secret12",
      captcha: "WXYZ",
      verify_code: "123456",
      black_box: "bb",
      redirect_uri: "/",
      business: "kewl",
      code_type: "1",
      need_active: "1",
      devtype: "web",
      timestamp: "1",
      verify_code_type: "1",
    }),
    "/2/api/user/verify_register",
  ),
  sample(
    REPORT,
    "accounts.verifyLoginParam",
    () => ({
      name: VALID_EMAIL,
      verify_pwd: "c2VjcmV0",
      redirect_uri: "/",
      devtype: "web",
    }),
    "/2/api/user/verify_login",
  ),
  sample("POST /v1/app/login", "accounts.appLoginRequest", () => ({
    access_token: TOKEN,
    reg_type: 108,
    device_type: "web",
    model: "web",
    keep: 0,
    email: VALID_EMAIL,
    tongdun_black_box: "bb",
    device_id: "d1",
    send_msg: "0",
    send_msg_uid: "0",
  })),
  sample("POST /v1/user/reset_password", "accounts.resetPasswordRequest", () => ({ token: TOKEN, password: "secret" })),
  sample("POST /v1/user/reset_password/check", "accounts.resetTokenCheckRequest", () => ({ token: TOKEN })),
  sample("POST /v1/channel/getacctoken", "accounts.getAccTokenRequest", () => ({
    code: TOKEN,
    callbackurl: "http://localhost/auth/callback",
  })),
  sample("GET /v1/test/outbox", "accounts.testOutboxQuery", () => ({ email: VALID_EMAIL })),
  sample("POST /v1/user/logout", "accounts.logoutRequest", () => ({})),
  sample("POST /v1/user/update", "accounts.userUpdateRequest", () => ({
    name: "Ann",
    sex: -1,
    key: `u_${randomBytes(5).toString("hex")}`,
    face: "",
  })),
  sample("POST /v1/user/exists", "accounts.userExistsRequest", () => ({ key: "someone_else" })),
  sample("POST /v1/chat_session/chat", "chat.chatSendRequest", (ids) => ({
    robot_id: ids.robotId,
    message: "Hello",
    model: "standard",
  })),
  sample("POST /v1/chat_session/stop", "chat.chatStopRequest", () => ({ message_id: 1, shown_length: 0 })),
  sample("POST /v1/chat_session/regenerate", "chat.chatRegenerateRequest", () => ({
    message_id: 1,
    model: "standard",
    shown_length: 0,
  })),
  sample("POST /v1/chat_session/resend", "chat.chatResendRequest", () => ({
    message_id: 1,
    message: "Hello",
    model: "standard",
  })),
  sample("POST /v1/chat_session/swipe", "chat.chatSwipeRequest", () => ({ message_id: 1, index: 0 })),
  sample("POST /v1/chat_session/greeting", "chat.chatGreetingRequest", (ids) => ({ robot_id: ids.robotId, index: 0 })),
  sample("POST /v1/chat_session/edit", "chat.chatEditRequest", () => ({ message_id: 1, content: "Hi" })),
  sample("POST /v1/chat_session/delete_messages", "chat.chatDeleteMessagesRequest", () => ({
    message_id: 1,
    scope: "after",
  })),
  sample("POST /v1/chat_session/list", "chat.chatListRequest", (ids) => ({ robot_id: ids.robotId })),
  sample("POST /v1/chat_session/create", "chat.chatCreateRequest", (ids) => ({ robot_id: ids.robotId })),
  sample("POST /v1/chat_session/rename", "chat.chatRenameRequest", () => ({
    chat_id: "00000000-0000-4000-8000-000000000000",
    title: "Evening",
  })),
  sample("POST /v1/chat_session/delete", "chat.chatDeleteRequest", () => ({
    chat_id: "00000000-0000-4000-8000-000000000000",
  })),
  sample("GET /v1/chat_session/export", "chat.chatExportQuery", (ids) => ({
    robot_id: String(ids.robotId),
    format: "md",
  })),
  sample("POST /v1/chat_session/history", "chat.chatHistoryRequest", (ids) => ({ robot_id: ids.robotId, limit: 10 })),
  sample("GET /v1/chat_session/recent_list", "chat.chatRecentQuery", () => ({ limit: "5" })),
  sample("GET /v1/chat_session/model", "chat.chatModelQuery", (ids) => ({ robot_key: ids.robotKey })),
  sample("GET /v1/chat_session/memory", "chat-memory.chatMemoryQuery", (ids) => ({
    robot_id: String(ids.robotId),
    session_id: "4f0c3c2e-9b1a-4d4e-8c55-2f3a1b6d7e80",
  })),
  sample("POST /v1/chat_session/memory/update", "chat-memory.chatMemoryUpdateRequest", (ids) => ({
    robot_id: ids.robotId,
    session_id: "4f0c3c2e-9b1a-4d4e-8c55-2f3a1b6d7e80",
    summary: "A summary",
  })),
  sample("POST /v1/chat_session/memory/pin", "chat-memory.chatMemoryPinRequest", (ids) => ({
    robot_id: ids.robotId,
    session_id: "4f0c3c2e-9b1a-4d4e-8c55-2f3a1b6d7e80",
    fact: "A fact",
  })),
  sample("POST /v1/chat_session/memory/unpin", "chat-memory.chatMemoryUnpinRequest", (ids) => ({
    robot_id: ids.robotId,
    session_id: "4f0c3c2e-9b1a-4d4e-8c55-2f3a1b6d7e80",
    fact: "A fact",
  })),
  sample("POST /v1/chat_session/memory/clear", "chat-memory.chatMemoryClearRequest", (ids) => ({
    robot_id: ids.robotId,
    session_id: "4f0c3c2e-9b1a-4d4e-8c55-2f3a1b6d7e80",
  })),
  sample("POST /v1/chat_session/set_model", "chat.chatSetModelRequest", (ids) => ({
    robot_id: ids.robotId,
    model: "standard",
  })),
  sample("POST /v1/user/persona/update", "persona.personaUpdateRequest", () => ({
    name: "Sam",
    description: "A knight",
  })),
  sample("POST /v1/chat_session/persona", "persona.chatPersonaRequest", (ids) => ({ robot_id: ids.robotId })),
  sample("POST /v1/chat_session/set_persona", "persona.chatSetPersonaRequest", (ids) => ({
    robot_id: ids.robotId,
    persona: { name: "Sam", description: "A knight" },
  })),
  sample("GET /v1/avatar/:style/:file", "system.avatarRouteParams", () => ({ style: "lorelei", file: "seed.svg" })),
  sample("POST /v1/user/robot/create", "creation.robotCreateRequest", () => CHARACTER),
  sample("POST /v1/user/robot/update", "creation.robotUpdateRequest", (ids) => ({ ...CHARACTER, id: ids.robotId })),
  sample("POST /v1/user/robot/delete", "creation.robotDeleteRequest", (ids) => ({ id: ids.robotId })),
  sample("GET /v1/user/robot/list", "creation.ownRobotListQuery", () => ({ page: "1", page_size: "10" })),
  sample("POST /v1/robot/definition", "creation.robotDefinitionRequest", (ids) => ({ id: ids.robotId })),
  sample("GET /v1/robot/card", "creation.robotCardQuery", (ids) => ({ id: String(ids.robotId), format: "json" })),
  sample("POST /v1/subscribe/create", "billing.orderCreateRequest", () => ({
    product_id: "plan-plus-monthly",
    currency: "USD",
    money: 999,
  })),
  sample("POST /v1/buy_coin/create", "billing.orderCreateRequest", () => ({
    product_id: "coins-550",
    currency: "USD",
    money: 899,
  })),
  sample("POST /v1/subscribe/cancel", "billing.subscribeCancelRequest", () => ({})),
  sample("GET /v1/buy_coin/find", "billing.coinOrderQuery", () => ({ order_code: "ord_none" })),
  sample("GET /v1/payment/sandbox/checkout", "billing.sandboxCheckoutQuery", () => ({ order_code: "ord_none" })),
  sample("POST /v1/payment/sandbox/pay", "billing.sandboxOrderRequest", () => ({ order_code: "ord_none" })),
  sample("POST /v1/payment/sandbox/cancel", "billing.sandboxOrderRequest", () => ({ order_code: "ord_none" })),
  // A confirmation that is not the user's ID: refused (40004), nothing deleted.
  sample("POST /v1/user/delete", "account-data.accountDeleteRequest", () => ({ confirm: "not-the-id" })),
  sample("GET /v1/file/sts", "files.fileStsQuery", () => ({ content_type: "image/png" })),
  sample("POST /v1/file/verify", "files.fileVerifyRequest", () => ({
    key: `incoming/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}/${"a".repeat(24)}`,
  })),
];

/** Routes without a request contract: no input, or query parameters read by the OpenID client (the backstop's). */
export const WITHOUT_CONTRACT = new Set([
  "GET /v1/health",
  "GET /v1/health/ready",
  "GET /v1/user/info",
  "GET /v1/user/persona",
  "GET /v1/user/export",
  "GET /v1/oauth/config",
  "GET /v1/oauth/start",
  "GET /v1/oauth/callback",
  "GET /v1/buy_coin/wallet",
  "GET /v1/subscribe/product",
  "GET /v1/subscribe/find",
  "GET /v1/subscribe/me",
  "GET /v1/buy_coin/product",
  "POST /v1/payment/stripe/webhook",
  "POST /v1/file/upload",
  "GET /v1/file/avatars/:name",
  // The analytics collector reads sa-sdk-javascript's base64 payloads (server/modules/analytics), the read API its
  // own query schemas; the operator's, not the browser's.
  ...["/v1/sa", "/v1/sa.gif"].flatMap((path) => ["GET", "POST", "OPTIONS"].map((method) => `${method} ${path}`)),
  "GET /v1/analytics/events",
  "GET /v1/analytics/daily",
]);

/**
 * Routes that take their body's bytes as sent (a signature covers them), stream it (a multipart upload) or read a
 * form (the analytics collector), not JSON, and CORS preflights: their query is checked.
 */
export const RAW_BODY_ROUTES = new Set([
  "POST /v1/payment/stripe/webhook",
  "POST /v1/file/upload",
  ...["/v1/sa", "/v1/sa.gif"].flatMap((path) => [`POST ${path}`, `OPTIONS ${path}`]),
]);
