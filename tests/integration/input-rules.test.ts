import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { leaves, requestSchemas } from "../support/contract-walk";
import { accountsEnv, randomIp, tempDataDir } from "./accounts-support";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/**
 * The input rule at the API edge (lib/contracts/fields.ts, server/api/middleware/input-text.ts): U+0000 (which
 * Postgres refuses in text) and the other C0 controls in any field are a 400 naming the field, never a 500.
 *
 * Fields come from the code: every string field of every request contract in lib/contracts gets a NUL in a
 * request to its route (inner payloads of /v1/channel/report inside `param`), and every route of the app gets one
 * in an unknown field. The tables below say which route reads which contract, with a valid payload; the test
 * fails when a contract or a route has no entry, so a new one cannot be left out.
 */

interface Ids {
  robotId: number;
  robotKey: string;
}

interface Sample {
  route: string;
  /** "file.export" in lib/contracts. */
  schema: string;
  input: (ids: Ids) => Record<string, unknown>;
  /** The inner path of /v1/channel/report whose `param` this payload is. */
  inner?: string;
}

const VALID_EMAIL = "someone@example.test";
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

const SAMPLES: Sample[] = [
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
  sample("GET /v1/file/sts", "files.fileStsQuery", () => ({ content_type: "image/png" })),
  sample("POST /v1/file/verify", "files.fileVerifyRequest", () => ({
    key: `incoming/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}/${"a".repeat(24)}`,
  })),
];

/** Routes without a request contract: no input, or query parameters read by the OpenID client (the backstop's). */
const WITHOUT_CONTRACT = new Set([
  "GET /v1/health",
  "GET /v1/user/info",
  "GET /v1/user/persona",
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
const RAW_BODY_ROUTES = new Set([
  "POST /v1/payment/stripe/webhook",
  "POST /v1/file/upload",
  ...["/v1/sa", "/v1/sa.gif"].flatMap((path) => [`POST ${path}`, `OPTIONS ${path}`]),
]);

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> = target;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) node[key] = value;
    else node = (node[key] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Record<string, unknown>;
  }
}

function valueAt(target: Record<string, unknown>, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], target);
}

/** The sample's own value with a NUL in the middle (so length rules still pass), else "a\u0000b". */
function withNul(value: unknown): string {
  if (typeof value !== "string" || value.length < 2) return "a\u0000b";
  const mid = Math.floor(value.length / 2);
  return `${value.slice(0, mid)}\u0000${value.slice(mid + 1)}`;
}

describe.each(testDrivers())("input rules at the API edge on %s", (driver) => {
  let database: DbHandle;
  let dataDir: string;
  let ids: Ids;
  let auth: Record<string, string>;
  const env = () => accountsEnv(dataDir);
  const api = (): TestApi => createTestApi(database, env());

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dataDir = tempDataDir();
    await seedDemo(database.db);
    invalidateCatalogue();
    const [robot] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    ids = { robotId: robot!.id, robotKey: robot!.key };
    auth = { authorization: `Bearer ${(await createUserWithSession(database.db)).token}` };
  });
  afterAll(async () => {
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One request as the sample describes it, with `input` as its payload. */
  async function send(sample: Sample, input: Record<string, unknown>): Promise<Response> {
    const [method, route] = sample.route.split(" ") as [string, string];
    // A session of its own: the logout sample ends the one it uses.
    const { token } = await createUserWithSession(database.db);
    const headers = { authorization: `Bearer ${token}`, "x-forwarded-for": randomIp() };
    if (sample.schema === "system.avatarRouteParams") {
      const path = route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(input[name])));
      return api().request(path, { headers });
    }
    if (method === "GET") {
      return api().request(`${route}?${new URLSearchParams(input as Record<string, string>).toString()}`, { headers });
    }
    const body = sample.inner ? { url: sample.inner, type: "POST", param: JSON.stringify(input) } : input;
    return api().post(route, body, headers);
  }

  it("has a sample for every request contract and every route", async () => {
    const schemas = await requestSchemas();
    const sampled = new Set(SAMPLES.map((s) => s.schema));
    expect([...schemas.keys()].filter((name) => !sampled.has(name))).toEqual([]);
    expect(api().routes?.length).toBeGreaterThan(25);
    const covered = new Set([...SAMPLES.map((s) => s.route), ...WITHOUT_CONTRACT]);
    expect((api().routes ?? []).filter((route) => !covered.has(route))).toEqual([]);
  });

  it("accepts every sample as it is (so the refusals below are the NUL's doing)", async () => {
    for (const sample of SAMPLES) {
      const res = await send(sample, sample.input(ids));
      const text = await res.text();
      const code = res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as { code: number }).code : 0;
      expect(code, `${sample.route} ${sample.schema}: ${text.slice(0, 200)}`).not.toBe(400);
    }
  });

  it("refuses U+0000 in every string field of every contract with a 400 naming the field", async () => {
    const schemas = await requestSchemas();
    let fields = 0;
    for (const sample of SAMPLES) {
      for (const leaf of leaves(schemas.get(sample.schema)!).filter((l) => l.type === "string")) {
        fields++;
        const input = structuredClone(sample.input(ids));
        setAt(input, leaf.path, withNul(valueAt(input, leaf.path)));
        const res = await send(sample, input);
        const where = `${sample.route} ${sample.schema} ${leaf.path.join(".")}`;
        expect(res.status, where).toBe(400);
        const body = (await res.json()) as { code: number; msg: string; data: unknown };
        const field = `'${sample.inner ? "param." : ""}${leaf.path.join(".")}'`;
        const named = sample.schema === "system.avatarRouteParams" ? "path" : field;
        expect(body, where).toMatchObject({ code: 400, data: null });
        expect(body.msg, where).toContain(named);
        expect(body.msg, where).toContain("control characters");
      }
    }
    expect(fields).toBeGreaterThan(40);
  });

  it("refuses a NUL or another C0 control in an unknown field of any route, and in a path", async () => {
    for (const route of api().routes ?? []) {
      const [method, path] = route.split(" ") as [string, string];
      const url = path.replace(/:(\w+)/g, "x.svg");
      for (const bad of ["\u0000", "\u0007", "\u001b"]) {
        const res =
          method === "GET" || RAW_BODY_ROUTES.has(route)
            ? await api().request(`${url}?extra=${encodeURIComponent(`a${bad}b`)}`, { method, headers: auth })
            : await api().post(url, { nested: { list: ["fine", `a${bad}b`] } }, auth);
        expect(res.status, `${route} ${JSON.stringify(bad)}`).toBe(400);
        const { msg } = (await res.json()) as { msg: string };
        expect(msg).toMatch(/^Invalid field '(extra|nested\.list\.1)': must not contain control characters$/);
      }
    }
    const param = JSON.stringify({ name: VALID_EMAIL, unknown: { deep: "a\u0000b" } });
    const report = { url: "/1/api/exist_account", type: "GET", param };
    const inner = await api().post("/v1/channel/report", report, { "x-forwarded-for": randomIp() });
    expect(inner.status).toBe(400);
    expect((await inner.json()).msg).toBe("Invalid field 'param.unknown.deep': must not contain control characters");
    for (const path of ["/v1/tag%00/list", "/v1/avatar/lorelei/a%00b.svg", "/v1/avatar/lorelei/a%1Fb.svg"]) {
      const res = await api().request(path);
      expect(res.status, path).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ code: 400, msg: "Invalid path: must not contain control characters", data: null });
    }
  });

  it("answers a bad percent-encoding in the path or the query with a 400, never a 500", async () => {
    for (const path of ["/v1/avatar/lorelei/%E0%A4%A.svg", "/v1/avatar/lorelei/%.svg", "/v1/%", "/v1/tag/%E0%A4%A"]) {
      const res = await api().request(path);
      expect(res.status, path).toBe(400);
      expect((await res.json()).msg).toBe("Invalid path: bad percent-encoding");
    }
    const res = await api().request(`/v1/chat_session/model?robot_key=%E0%A4%A`);
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe("Invalid field 'robot_key': bad percent-encoding");
  });

  it("takes ids, pages and limits as JSON integers in bodies and digits in queries, never coerced", async () => {
    const { token } = await createUserWithSession(database.db);
    const headers = { authorization: `Bearer ${token}` };
    const bodies: Array<[string, Record<string, unknown>, string]> = [
      ["/v1/tag/robot/detail", { id: true }, "id"],
      ["/v1/tag/robot/detail", { id: "0x10" }, "id"],
      ["/v1/tag/robot/detail", { id: "" }, "id"],
      ["/v1/tag/robot/detail", { id: "1e3" }, "id"],
      ["/v1/tag/robot/detail", { id: " 7 " }, "id"],
      ["/v1/tag/robot/detail", { id: String(ids.robotId) }, "id"],
      ["/v1/tag/robot/detail", { id: null }, "id"],
      ["/v1/tag/robot/detail", { id: [ids.robotId] }, "id"],
      ["/v1/tag/robots", { page: true }, "page"],
      ["/v1/tag/robots", { page_size: "10" }, "page_size"],
      ["/v1/tag/robots", { page: 1.5 }, "page"],
      ["/v1/user/favorites/check", { robot_ids: [true] }, "robot_ids.0"],
      ["/v1/chat_session/history", { robot_id: ids.robotId, limit: "10" }, "limit"],
      ["/v1/chat_session/history", { robot_id: ids.robotId, before: false }, "before"],
    ];
    for (const [path, body, field] of bodies) {
      const res = await api().post(path, body, headers);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await res.json()).msg).toContain(`'${field}'`);
    }
    for (const limit of ["%207%20", "0x10", "1e1", "", "true", "-1", "%2B7", "7.0"]) {
      const res = await api().request(`/v1/chat_session/recent_list?limit=${limit}`, { headers });
      expect(res.status, limit).toBe(400);
      expect((await res.json()).msg).toContain("'limit'");
    }
    expect((await api().request("/v1/chat_session/recent_list?limit=7", { headers })).status).toBe(200);
    expect((await api().post("/v1/tag/robot/detail", { id: ids.robotId })).status).toBe(200);
    expect((await api().post("/v1/tag/robots", { page: 2, page_size: 5 })).status).toBe(200);
  });

  it("keeps tab and line breaks in text (a chat message may have several lines)", async () => {
    const res = await api().post("/v1/robot/search", { keyword: "dragon\tknight\r\nx" });
    expect(res.status).toBe(200);
  });
});
