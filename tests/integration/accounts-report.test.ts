import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { RET } from "@/lib/contracts/accounts";
import { captchas, emailCodes, mailOutbox, users } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { getPasswordPublicKeyPem } from "@/server/modules/crypto/rsa-keys";
import {
  accountsEnv,
  accountsSuite,
  appLogin,
  CAPTCHA,
  during,
  encryptPassword,
  expectExpiry,
  newCaptcha,
  outbox,
  publicKey,
  randomIp,
  registerAccount,
  registerCode,
  report,
  uniqueEmail,
  verifyLogin,
  verifyRegister,
} from "./accounts-support";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("accounts: /v1/channel/report on %s", (driver) => {
  const suite = accountsSuite(driver);
  let database: DbHandle;
  let api: TestApi;
  let dataDir: string;
  beforeAll(() => void ({ database, api, dataDir } = suite));

  const addUser = async (email: string, key = `k_${Math.random().toString(36).slice(2, 10)}`) => {
    const [u] = await database.db.insert(users).values({ key, name: "Someone", email }).returning();
    return u!;
  };
  const rawReport = (body: unknown) => api.post("/v1/channel/report", body);

  describe("dispatch", () => {
    it("answers 404 in the envelope for any url outside the allow-list, and never fetches it", async () => {
      for (const url of [
        "/1/api/user/delete",
        "https://evil.example/1/api/exist_account",
        "/1/api/exist_account/../x",
        "/1/api/exist_account?x=1",
      ]) {
        const res = await rawReport({ url, type: "GET", param: "{}" });
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ code: 404, data: null });
      }
    });

    it("answers 400 naming the field for a malformed request or payload", async () => {
      const cases: Array<[unknown, string]> = [
        [{ url: "/1/api/exist_account", type: "GET" }, "'param'"],
        [{ url: "/1/api/exist_account", type: "PUT", param: "{}" }, "'type'"],
        [{ url: "/1/api/exist_account", type: "GET", param: "not json" }, "'param'"],
        [{ url: "/1/api/exist_account", type: "GET", param: "[1]" }, "'param'"],
        [
          { url: "/1/api/exist_account", type: "GET", param: JSON.stringify({ name: "nope" }) },
          "'param.name': Invalid email address",
        ],
        [
          { url: "/1/api/user/send_email", type: "POST", param: JSON.stringify({ email: "a@example.test", type: 5 }) },
          "'param.type'",
        ],
        [
          { url: "/2/api/user/verify_login", type: "POST", param: JSON.stringify({ name: "a@example.test" }) },
          "'param.verify_pwd'",
        ],
      ];
      for (const [body, field] of cases) {
        const res = await rawReport(body);
        expect(res.status).toBe(400);
        const json = await res.json();
        expect(json.code).toBe(400);
        expect(json.msg).toContain(field);
      }
    });
  });

  describe("exist_account", () => {
    it("answers ret 12006 when the e-mail has an account (any case), else ret 1", async () => {
      const email = uniqueEmail("exists");
      expect(await report(api, "/1/api/exist_account", { name: email })).toEqual({
        ret: 1,
        status: 1,
        msg: "success",
        data: null,
      });
      await addUser(email);
      const inner = await report(api, "/1/api/exist_account", { name: `  ${email.toUpperCase()} ` });
      expect(inner).toMatchObject({ ret: RET.ACCOUNT_EXISTS, status: RET.ACCOUNT_EXISTS });
    });
  });

  describe("get_public_key", () => {
    it("serves one RSA-2048 SPKI key, generated into DATA_DIR/keys with mode 0600 and the same the page renders", async () => {
      const pem = await publicKey(api);
      expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
      const key = createPublicKey(pem);
      expect(key.asymmetricKeyType).toBe("rsa");
      expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
      expect(await publicKey(api)).toBe(pem);
      const file = path.join(dataDir, "keys", "rsa-private.pem");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(
        createPublicKey(createPrivateKey(fs.readFileSync(file, "utf8"))).export({ type: "spki", format: "pem" }),
      ).toBe(pem);
      expect(await getPasswordPublicKeyPem({ dataDir, RSA_PRIVATE_KEY: undefined })).toBe(pem);
    });

    it("uses RSA_PRIVATE_KEY when set", async () => {
      const { privateKey, publicKey: pub } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const pemEnv = privateKey.export({ type: "pkcs8", format: "pem" }).toString().replace(/\n/g, "\\n");
      const other = createTestApi(database, accountsEnv(dataDir, { RSA_PRIVATE_KEY: pemEnv }));
      expect(await publicKey(other)).toBe(pub.export({ type: "spki", format: "pem" }));
    });
  });

  describe("captcha", () => {
    it("answers an SVG data URL and stores only a hash of the answer, bound to e-mail and black box", async () => {
      const email = uniqueEmail("captcha");
      const asked = await during(() => report(api, "/1/api/user/captcha", { email, black_box: "bb-1" }));
      const inner = asked.result;
      expect(inner.ret).toBe(1);
      const url = String(inner.data?.captcha);
      expect(url.startsWith("data:image/svg+xml;base64,")).toBe(true);
      expect(Buffer.from(url.split(",")[1]!, "base64").toString()).toMatch(/^<svg[\s\S]*<\/svg>$/);
      const rows = await database.db.select().from(captchas).where(eq(captchas.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.blackBox).toBe("bb-1");
      expect(rows[0]!.answerHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.answerHash.toLowerCase()).not.toContain(CAPTCHA.toLowerCase());
      expectExpiry(rows[0]!.expiresAt, 10 * 60_000, asked);
    });

    it("without the test switch, the answer is random (the fixed one fails)", async () => {
      const plain = createTestApi(database, { DATA_DIR: dataDir });
      const email = uniqueEmail("random-captcha");
      const code = await registerCode(api, email);
      await newCaptcha(plain, email);
      expect((await verifyRegister(plain, { email, password: "secret-1", code })).ret).toBe(RET.CAPTCHA_ERROR);
    });
  });

  describe("send_email", () => {
    it("type 4 mails a 6-digit code stored only as a hash, valid 10 minutes", async () => {
      const email = uniqueEmail("code");
      const sent = await during(() => registerCode(api, email));
      const code = sent.result;
      const [mail] = await outbox(api, email);
      expect(mail).toMatchObject({ to: email, status: "logged" });
      expect(mail!.text).toContain(code);
      expect(mail!.html).toContain(code);
      const [row] = await database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
      expect(row!.type).toBe(4);
      expect(row!.codeHash).not.toContain(code);
      expectExpiry(row!.expiresAt, 10 * 60_000, sent);
    });

    it("type 4 answers ret 42900 for a second send within 60 s", async () => {
      const email = uniqueEmail("twice");
      await registerCode(api, email);
      const again = await report(api, "/1/api/user/send_email", { email, type: 4 });
      expect(again).toMatchObject({
        ret: RET.RATE_LIMITED,
        status: RET.RATE_LIMITED,
        msg: "Too many attempts. Please try again later.",
      });
      expect(await outbox(api, email)).toHaveLength(1);
    });

    it("type 4 answers ret 1 but sends nothing when the e-mail already has an account", async () => {
      const email = uniqueEmail("has-account");
      await addUser(email);
      expect(await report(api, "/1/api/user/send_email", { email, type: 4 })).toMatchObject({ ret: 1, status: 1 });
      expect(await outbox(api, email)).toHaveLength(0);
      expect(await database.db.select().from(emailCodes).where(eq(emailCodes.email, email))).toHaveLength(0);
    });

    it("type 3 answers ret 1 for an unknown e-mail and sends nothing", async () => {
      const email = uniqueEmail("nobody");
      expect(await report(api, "/1/api/user/send_email", { email, type: 3 })).toMatchObject({ ret: 1, status: 1 });
      expect(await outbox(api, email)).toHaveLength(0);
      const rows = await database.db
        .select()
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.to}) = ${email}`);
      expect(rows).toHaveLength(0);
    });

    it("type 3 mails a reset link to an existing account, with the same answer", async () => {
      const email = uniqueEmail("forgot");
      await addUser(email);
      expect(await report(api, "/1/api/user/send_email", { email, type: 3 })).toMatchObject({ ret: 1, status: 1 });
      const [mail] = await outbox(api, email);
      // PUBLIC_BASE_URL unset: the address the server was started on (PORT), not the request's host.
      expect(mail!.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    });
  });

  describe("verify_register", () => {
    it("creates a verified user (argon2id, default ID and nickname, sex -1) and answers an account token", async () => {
      const email = uniqueEmail("Jane.Doe-with-a-very-long-name");
      const token = await registerAccount(api, email, "correct horse");
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      expect(user).toMatchObject({ emailVerified: true, sex: -1, face: "" });
      expect(user!.key).toMatch(/^user_[0-9a-z]{8}$/);
      // A generated nickname: the address stays private on profiles and characters.
      expect(user!.name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+[0-9]{4}$/);
      expect(user!.name.toLowerCase()).not.toContain("jane");
      expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const login = await appLogin(api, token, { keep: 1 });
      expect(login.status).toBe(200);
      expect((await login.json()).data).toMatchObject({
        is_new: true,
        user_info: { uid: user!.id, key: user!.key, email, sex: -1 },
      });
    });

    it("40001 for a wrong, reused, expired or other-device captcha; every attempt uses it up", async () => {
      const email = uniqueEmail("captcha-fail");
      const code = await registerCode(api, email);
      await newCaptcha(api, email);
      expect(await verifyRegister(api, { email, password: "secret-1", code, captcha: "WRONG" })).toMatchObject({
        ret: RET.CAPTCHA_ERROR,
        status: RET.CAPTCHA_ERROR,
        msg: "Incorrect captcha. Please try again.",
      });
      // Used up by the wrong attempt: the right answer no longer helps without a fresh captcha.
      expect((await verifyRegister(api, { email, password: "secret-1", code })).ret).toBe(RET.CAPTCHA_ERROR);
      await newCaptcha(api, email, "device-a");
      expect((await verifyRegister(api, { email, password: "secret-1", code, blackBox: "device-b" })).ret).toBe(
        RET.CAPTCHA_ERROR,
      );
      await newCaptcha(api, email);
      await database.db
        .update(captchas)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(captchas.email, email));
      expect((await verifyRegister(api, { email, password: "secret-1", code })).ret).toBe(RET.CAPTCHA_ERROR);
      // Case-insensitive answer, and the code survived all of that.
      await newCaptcha(api, email);
      expect(
        (await verifyRegister(api, { email, password: "secret-1", code, captcha: CAPTCHA.toLowerCase() })).ret,
      ).toBe(1);
    });

    it("12015 for a wrong code; the code dies after 5 wrong tries", async () => {
      const email = uniqueEmail("code-fail");
      const code = await registerCode(api, email);
      const wrong = code === "000000" ? "000001" : "000000";
      for (let i = 0; i < 5; i++) {
        await newCaptcha(api, email);
        expect(await verifyRegister(api, { email, password: "secret-1", code: wrong }, randomIp())).toMatchObject({
          ret: RET.EMAIL_CODE_ERROR,
          status: RET.EMAIL_CODE_ERROR,
          msg: "Incorrect email verification code. Please try again.",
        });
      }
      await newCaptcha(api, email);
      expect((await verifyRegister(api, { email, password: "secret-1", code })).ret).toBe(RET.EMAIL_CODE_ERROR);
      const [row] = await database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
      expect(row!.attempts).toBe(5);
    });

    it("12015 for an expired code, an older code after a new send, and a used code", async () => {
      const email = uniqueEmail("code-expired");
      const first = await registerCode(api, email);
      await database.db
        .update(emailCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailCodes.email, email));
      await newCaptcha(api, email);
      expect((await verifyRegister(api, { email, password: "secret-1", code: first })).ret).toBe(RET.EMAIL_CODE_ERROR);

      // A new send (a fresh API instance: its own 60 s budget) invalidates the older code.
      const other = createTestApi(database, accountsEnv(dataDir));
      const second = await registerCode(other, email);
      const third = await registerCode(createTestApi(database, accountsEnv(dataDir)), email);
      if (second !== third) {
        await newCaptcha(api, email);
        expect((await verifyRegister(api, { email, password: "secret-1", code: second })).ret).toBe(
          RET.EMAIL_CODE_ERROR,
        );
      }
      await newCaptcha(api, email);
      expect((await verifyRegister(api, { email, password: "secret-1", code: third })).ret).toBe(1);
      await newCaptcha(api, email);
      const reused = await verifyRegister(api, { email, password: "secret-1", code: third });
      expect(reused.ret).toBe(RET.EMAIL_CODE_ERROR);
    });

    it("ret 50000 with the SPEC message for a short password, without spending the code", async () => {
      const email = uniqueEmail("short");
      const code = await registerCode(api, email);
      await newCaptcha(api, email);
      const key = await publicKey(api);
      expect(await verifyRegister(api, { email, password: encryptPassword(key, "12345"), code })).toMatchObject({
        ret: RET.FAILED,
        status: RET.FAILED,
        msg: "Password must be at least 6 characters",
      });
      await newCaptcha(api, email);
      expect((await verifyRegister(api, { email, password: "x".repeat(129), code })).ret).toBe(RET.FAILED);
      await newCaptcha(api, email);
      expect((await verifyRegister(api, { email, password: encryptPassword(key, "123456"), code })).ret).toBe(1);
    });

    it("12007 when the e-mail registered meanwhile", async () => {
      const email = uniqueEmail("meanwhile");
      const code = await registerCode(api, email);
      await addUser(email.toUpperCase());
      await newCaptcha(api, email);
      expect(await verifyRegister(api, { email, password: "secret-1", code })).toMatchObject({
        ret: RET.ACCOUNT_TAKEN,
        status: RET.ACCOUNT_TAKEN,
      });
      expect(
        await database.db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${email}`),
      ).toHaveLength(1);
    });
  });

  describe("verify_login", () => {
    let email: string;
    beforeAll(async () => {
      email = uniqueEmail("login");
      await registerAccount(api, email, "open sesame");
    });

    it("accepts the RSA-OAEP (SHA-256) ciphertext the browser's WebCrypto makes", async () => {
      const inner = await verifyLogin(api, email.toUpperCase(), encryptPassword(await publicKey(api), "open sesame"));
      expect(inner).toMatchObject({ ret: 1, status: 1 });
      expect(String(inner.data?.access_token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const login = await appLogin(api, String(inner.data?.access_token));
      expect((await login.json()).data.is_new).toBe(false);
    });

    it("falls back to the plain value when it does not decrypt (SPEC §5), up to 128 characters", async () => {
      expect((await verifyLogin(api, email, "open sesame")).ret).toBe(1);
      expect((await verifyLogin(api, email, "x".repeat(129))).ret).toBe(RET.PASSWORD_ERROR);
    });

    it("12004 for a wrong password, a foreign key's ciphertext and an unknown e-mail alike", async () => {
      const foreign = generateKeyPairSync("rsa", { modulusLength: 2048 })
        .publicKey.export({ type: "spki", format: "pem" })
        .toString();
      const key = await publicKey(api);
      const answers = [
        await verifyLogin(api, email, encryptPassword(key, "open sesame!")),
        await verifyLogin(api, email, encryptPassword(foreign, "open sesame")),
        await verifyLogin(api, uniqueEmail("unknown"), encryptPassword(key, "open sesame")),
      ];
      for (const inner of answers) {
        expect(inner).toEqual({
          ret: RET.PASSWORD_ERROR,
          status: RET.PASSWORD_ERROR,
          msg: "Incorrect password. Please check and try again.",
          data: null,
        });
      }
    });
  });

  describe("test outbox", () => {
    it("is an unknown path unless TEST_OUTBOX_ENABLED is on", async () => {
      const off = createTestApi(database, { DATA_DIR: dataDir });
      const res = await off.request(`/v1/test/outbox?email=${encodeURIComponent("a@example.test")}`);
      expect(res.status).toBe(404);
      expect((await api.request("/v1/test/outbox")).status).toBe(400);
    });
  });
});
