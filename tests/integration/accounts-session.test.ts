import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ID_TAKEN_CODE, userInfoSchema } from "@/lib/contracts/accounts";
import { MESSAGES } from "@/lib/validation/auth-rules";
import { authTokens, users } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { updateOwnProfile } from "@/server/modules/accounts/profile-update";
import { isUniqueViolation } from "@/server/modules/accounts/users";
import { hashToken } from "@/server/modules/sessions/tokens";
import {
  accountsSuite,
  appLogin,
  bearer,
  during,
  expectExpiry,
  registerAccount,
  signIn,
  uniqueEmail,
} from "./accounts-support";
import type { TestApi } from "./helpers/test-api";
import { testDrivers } from "./helpers/test-database";

const LOGIN_FAILED = { code: 40002, msg: "Login failed. Please try again later.", data: null };

describe.each(testDrivers())("accounts: sessions and profile on %s", (driver) => {
  const suite = accountsSuite(driver, { AVATAR_HOSTS: "cdn.example.test" });
  let database: DbHandle;
  let api: TestApi;
  beforeAll(() => void ({ database, api } = suite));

  /** A registered user and a live session token. */
  const member = async (prefix: string) => {
    const email = uniqueEmail(prefix);
    const res = await appLogin(api, await registerAccount(api, email, "pass-word"));
    const body = await res.json();
    return {
      email,
      token: body.data.access_token as string,
      uid: body.data.user_info.uid as string,
      key: body.data.user_info.key as string,
    };
  };
  const info = (token: string) => api.request("/v1/user/info", { headers: bearer(token) });
  const update = (token: string, body: unknown) => api.post("/v1/user/update", body, bearer(token));

  describe("POST /v1/app/login", () => {
    it("exchanges an account token once for a session and the user's info", async () => {
      const email = uniqueEmail("once");
      const accountToken = await registerAccount(api, email, "pass-word");
      const first = await appLogin(api, accountToken, { email });
      expect(first.status).toBe(200);
      const body = await first.json();
      expect(body.code).toBe(0);
      expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.data.is_new).toBe(true);
      expect(userInfoSchema.parse(body.data.user_info)).toMatchObject({ email, sex: -1, face: "" });

      const second = await appLogin(api, accountToken);
      expect(second.status).toBe(400);
      expect(await second.json()).toEqual(LOGIN_FAILED);
    });

    it("answers 400 code 40002 (never 401) for unknown and expired account tokens, and a session token", async () => {
      const unknown = await appLogin(api, "a".repeat(43));
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual(LOGIN_FAILED);

      const accountToken = await registerAccount(api, uniqueEmail("expired"), "pass-word");
      await database.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authTokens.tokenHash, hashToken(accountToken)));
      expect(await (await appLogin(api, accountToken)).json()).toEqual(LOGIN_FAILED);

      const { token } = await member("session-as-account");
      expect(await (await appLogin(api, token)).json()).toEqual(LOGIN_FAILED);

      const short = await appLogin(api, "short");
      expect(short.status).toBe(400);
      expect((await short.json()).msg).toContain("access_token");
    });

    it("opens a 7-day session, or 30 days with keep 1", async () => {
      const email = uniqueEmail("keep");
      await registerAccount(api, email, "pass-word");
      const day = 24 * 60 * 60 * 1000;
      for (const [keep, days] of [
        [0, 7],
        [1, 30],
      ] as const) {
        const signedIn = await during(() => signIn(api, email, "pass-word", keep));
        const [row] = await database.db
          .select()
          .from(authTokens)
          .where(eq(authTokens.tokenHash, hashToken(signedIn.result)));
        expect(row!.kind).toBe("session");
        expectExpiry(row!.expiresAt, days * day, signedIn);
      }
    });
  });

  describe("session, info and logout", () => {
    it("the session token works on /v1/user/info; logout revokes it (then 401)", async () => {
      const { token, email } = await member("logout");
      const res = await info(token);
      expect(res.status).toBe(200);
      expect(userInfoSchema.parse((await res.json()).data)).toMatchObject({ email });

      const out = await api.post("/v1/user/logout", {}, bearer(token));
      expect(out.status).toBe(200);
      expect((await out.json()).code).toBe(0);
      const after = await info(token);
      expect(after.status).toBe(401);
      expect((await after.json()).code).toBe(401);
      expect((await api.post("/v1/user/logout", {})).status).toBe(401);
    });
  });

  describe("POST /v1/user/update", () => {
    it("updates the caller's nickname, gender, ID and avatar and answers the user info", async () => {
      const { token, uid } = await member("update");
      const res = await update(token, {
        name: "  Alice  ",
        sex: 0,
        key: "alice-01",
        face: "https://cdn.example.test/a.png",
      });
      expect(res.status).toBe(200);
      const data = userInfoSchema.parse((await res.json()).data);
      expect(data).toMatchObject({
        uid,
        name: "Alice",
        sex: 0,
        key: "alice-01",
        face: "https://cdn.example.test/a.png",
      });
      expect((await (await info(token)).json()).data).toMatchObject({ name: "Alice", key: "alice-01" });
      // face omitted: unchanged; this site's avatar route is fine.
      expect((await (await update(token, { name: "Alice", sex: 1, key: "alice-01" })).json()).data.face).toBe(
        "https://cdn.example.test/a.png",
      );
      expect(
        (await (await update(token, { name: "Alice", sex: 1, key: "alice-01", face: "/v1/avatar/x/y.svg" })).json())
          .data.face,
      ).toBe("/v1/avatar/x/y.svg");
    });

    it("rejects each SPEC §5 rule with its message", async () => {
      const { token } = await member("rules");
      const ok = { name: "Bob", sex: 1, key: "bob_ok" };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...ok, name: "   " }, `'name': ${MESSAGES.nicknameRequired}`],
        [{ ...ok, name: "n".repeat(21) }, `'name': ${MESSAGES.nicknameTooLong}`],
        [{ ...ok, name: "\u200B\u200B" }, `'name': ${MESSAGES.nicknameRequired}`],
        [{ ...ok, name: "\u2060\uFEFF \u{E0041}" }, `'name': ${MESSAGES.nicknameRequired}`],
        [{ ...ok, name: "\u202Egnp.exe\u200B" }, `'name': ${MESSAGES.nicknameDirection}`],
        [{ ...ok, name: "Bob\u2067" }, `'name': ${MESSAGES.nicknameDirection}`],
        [{ ...ok, key: "bob\u200B_ok" }, `'key': ${MESSAGES.idCharacters}`],
        [{ ...ok, key: "\u202Ebob_ok" }, `'key': ${MESSAGES.idCharacters}`],
        [{ ...ok, key: "ab" }, `'key': ${MESSAGES.idTooShort}`],
        [{ ...ok, key: "k".repeat(21) }, `'key': ${MESSAGES.idTooLong}`],
        [{ ...ok, key: "bad id!" }, `'key': ${MESSAGES.idCharacters}`],
        [{ ...ok, sex: 2 }, "'sex'"],
        [{ ...ok, face: "javascript:alert(1)" }, "'face'"],
        [{ ...ok, face: "http://insecure.example.test/a.png" }, "'face'"],
        [{ ...ok, face: "//evil.example.test/a.png" }, "'face'"],
        [{ ...ok, face: "data:image/svg+xml;base64,PHN2Zy8+" }, "'face'"],
        // Only this site's avatar route and hosts in AVATAR_HOSTS (here cdn.example.test), https on the default port.
        [{ ...ok, face: "https://tracker.example.test/pixel.png" }, "'face'"],
        [{ ...ok, face: "https://cdn.example.test.evil.example/a.png" }, "'face'"],
        [{ ...ok, face: "https://user:pw@cdn.example.test/a.png" }, "'face'"],
        [{ ...ok, face: "https://cdn.example.test:8443/a.png" }, "'face'"],
        [{ ...ok, face: "/uploads/a.png" }, "'face'"],
        [{ ...ok, face: "/v1/user/info" }, "'face'"],
      ];
      for (const [body, message] of cases) {
        const res = await update(token, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        const json = await res.json();
        expect(json.code).toBe(400);
        expect(json.msg).toContain(message);
      }
      expect((await update(token, ok)).status).toBe(200);
    });

    it("answers 409 code 12008 when another user has the ID, in any case; exists says so too", async () => {
      const a = await member("taken-a");
      const b = await member("taken-b");
      expect((await update(b.token, { name: "B", sex: -1, key: "Taken_ID" })).status).toBe(200);
      for (const key of ["Taken_ID", "taken_id", "TAKEN_ID"]) {
        const res = await update(a.token, { name: "A", sex: -1, key });
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ code: ID_TAKEN_CODE, msg: MESSAGES.idTaken, data: null });
        const exists = await api.post("/v1/user/exists", { key }, bearer(a.token));
        expect((await exists.json()).data).toEqual({ exists: true });
      }
      // The caller's own ID (in any case) is not "taken"; changing only its case is allowed.
      expect((await (await api.post("/v1/user/exists", { key: "taken_id" }, bearer(b.token))).json()).data).toEqual({
        exists: false,
      });
      expect((await (await api.post("/v1/user/exists", { key: "free-id-123" }, bearer(a.token))).json()).data).toEqual({
        exists: false,
      });
      expect((await update(b.token, { name: "B", sex: -1, key: "taken_id" })).status).toBe(200);
      expect((await api.post("/v1/user/exists", { key: "x" })).status).toBe(401);
    });

    it("two users racing for one ID: one wins, the other gets 12008 (the unique index backs the check)", async () => {
      const a = await member("race-a");
      const b = await member("race-b");
      const results = await Promise.allSettled([
        updateOwnProfile(database.db, api.deps.storage, a.uid, { name: "A", sex: -1, key: "Race_Winner" }),
        updateOwnProfile(database.db, api.deps.storage, b.uid, { name: "B", sex: -1, key: "race_winner" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const [lost] = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
      expect(lost!.reason).toMatchObject({ status: 409, code: ID_TAKEN_CODE, message: MESSAGES.idTaken });
    });

    it("recognises this driver's unique violation of the ID index (what the update maps to 12008)", async () => {
      const a = await member("index-a");
      const err = await database.db
        .insert(users)
        .values({ key: a.key.toUpperCase(), name: "Dup" })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).not.toBeNull();
      expect(isUniqueViolation(err, "users_key_lower_uq")).toBe(true);
      expect(isUniqueViolation(err, "users_email_lower_uq")).toBe(false);
      expect(isUniqueViolation(new Error("other"))).toBe(false);
    });

    it("touches only the caller: a smuggled uid is ignored and the other user is unchanged", async () => {
      const a = await member("smuggle-a");
      const victim = await member("smuggle-v");
      const [before] = await database.db.select().from(users).where(eq(users.id, victim.uid));
      const res = await update(a.token, {
        uid: victim.uid,
        id: victim.uid,
        name: "Hijack",
        sex: 1,
        key: "hijacked",
        email: "x@example.test",
      });
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ uid: a.uid, name: "Hijack", key: "hijacked", email: a.email });
      const [after] = await database.db.select().from(users).where(eq(users.id, victim.uid));
      expect(after).toEqual(before);
      const [attacker] = await database.db
        .select()
        .from(users)
        .where(and(eq(users.id, a.uid), eq(users.key, "hijacked")));
      expect(attacker!.email).toBe(a.email);
      expect((await api.post("/v1/user/update", { name: "x", sex: 1, key: "nobody" })).status).toBe(401);
    });
  });
});
