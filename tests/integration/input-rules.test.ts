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
import { RAW_BODY_ROUTES, SAMPLES, VALID_EMAIL, WITHOUT_CONTRACT, type Ids, type Sample } from "./input-rule-samples";

/**
 * The input rule at the API edge (lib/contracts/fields.ts, server/api/middleware/input-text.ts): U+0000 (which
 * Postgres refuses in text) and the other C0 controls in any field are a 400 naming the field, never a 500.
 *
 * Fields come from the code: every string field of every request contract in lib/contracts gets a NUL in a
 * request to its route (inner payloads of /v1/channel/report inside `param`), and every route of the app gets one
 * in an unknown field. The tables below say which route reads which contract, with a valid payload; the test
 * fails when a contract or a route has no entry, so a new one cannot be left out.
 */

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
