import { describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config";
import { passwordProblem } from "@/server/modules/accounts/password-policy";
import { isAllowedFace } from "@/server/modules/accounts/profile-update";
import { setAvatarHosts } from "@/server/modules/avatars/avatar-policy";
import { friendlyNickname, NICKNAME_WORDS } from "@/server/modules/accounts/friendly-nickname";
import { defaultUserKey } from "@/server/modules/accounts/users";
import { oauthNickname } from "@/server/modules/oauth/oauth-users";
import { LIMITS } from "@/lib/validation/auth-rules";
import type { Logger } from "@/server/logger";
import { warnAboutAccounts } from "@/server/services";
import { escapeHtml, registerCodeMail, resetLinkMail } from "@/server/modules/mail/templates";

describe("account defaults", () => {
  it("default IDs are user_ + 8 base36 characters and pass the ID rule", () => {
    const keys = new Set(Array.from({ length: 200 }, () => defaultUserKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^user_[0-9a-z]{8}$/);
  });

  it("default nicknames are a generated adjective + noun + 4 digits within the nickname rule, never the address", () => {
    const names = new Set(Array.from({ length: 200 }, () => friendlyNickname()));
    expect(names.size).toBeGreaterThan(190);
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+[0-9]{4}$/);
    const longest =
      Math.max(...NICKNAME_WORDS.adjectives.map((w) => w.length)) +
      Math.max(...NICKNAME_WORDS.nouns.map((w) => w.length)) +
      4;
    expect(longest).toBeLessThanOrEqual(LIMITS.nicknameMax);
    // OAuth: the provider's name when it gives one, else a generated name, never the e-mail's local part.
    expect(oauthNickname({ name: " Jane Doe ", email: "jane.doe@example.test" })).toBe("Jane Doe");
    const generated = oauthNickname({ name: null, email: "jane.doe@example.test" });
    expect(generated).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+[0-9]{4}$/);
    expect(generated.toLowerCase()).not.toContain("jane");
    for (const name of ["\u200B\u2060", "\u202Egnp.exe"])
      expect(oauthNickname({ name, email: "x@example.test" })).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+[0-9]{4}$/);
  });

  it("password rule on the decrypted value", () => {
    expect(passwordProblem("12345")).toBe("Password must be at least 6 characters");
    expect(passwordProblem("123456")).toBeNull();
    expect(passwordProblem("x".repeat(129))).toBe("Password must be at most 128 characters");
  });

  it("avatars are this site's avatar route or https on a host in AVATAR_HOSTS only", () => {
    setAvatarHosts(["cdn.example.test"]);
    for (const ok of ["", "https://cdn.example.test/a.png", "/v1/avatar/adventurer/x.svg"]) {
      expect(isAllowedFace(ok), ok).toBe(true);
    }
    for (const bad of [
      "http://x.test/a.png",
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      "//evil.test/a.png",
      "/a b.png",
      "/a\\b",
      "a.png",
      "https://x.test/a.png",
      "https://cdn.example.test/a\n.png",
      "/uploads/a.png",
      "/v1/user/info",
      "http://cdn.example.test/a.png",
    ]) {
      expect(isAllowedFace(bad), bad).toBe(false);
    }
  });
});

describe("account e-mails", () => {
  it("escape HTML and carry the code or link in both bodies", () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
    const code = registerCodeMail("a@example.test", "012345", 10);
    expect(code.text).toContain("012345");
    expect(code.html).toContain("012345");
    const link = `https://kewl.example.test/reset-password?token=abc"><script>`;
    const reset = resetLinkMail("a@example.test", link, 30);
    expect(reset.text).toContain(link);
    expect(reset.html).not.toContain("<script>");
    expect(reset.html).toContain("&lt;script&gt;");
  });
});

describe("account configuration", () => {
  it("test switches are off by default and parse when set", () => {
    const off = parseConfig({});
    expect(off.TEST_CAPTCHA_ANSWER).toBeUndefined();
    expect(off.TEST_OUTBOX_ENABLED).toBe(false);
    expect(off.RSA_PRIVATE_KEY).toBeUndefined();
    const on = parseConfig({ TEST_CAPTCHA_ANSWER: "ABCD", TEST_OUTBOX_ENABLED: "true" });
    expect(on.TEST_CAPTCHA_ANSWER).toBe("ABCD");
    expect(on.TEST_OUTBOX_ENABLED).toBe(true);
    expect(() => parseConfig({ TEST_CAPTCHA_ANSWER: "ab" })).toThrow(/TEST_CAPTCHA_ANSWER:/);
  });
});

describe("start-up warnings", () => {
  const capture = () => {
    const warnings: Array<{ msg: string; fields?: Record<string, unknown> }> = [];
    const logger: Logger = {
      debug() {},
      info() {},
      error() {},
      warn: (msg, fields) => void warnings.push({ msg, fields }),
    };
    return { warnings, logger };
  };

  it("shout when a test automation switch is on", () => {
    const { warnings, logger } = capture();
    warnAboutAccounts(
      parseConfig({ TEST_CAPTCHA_ANSWER: "ABCD", TEST_OUTBOX_ENABLED: "true", NODE_ENV: "test" }),
      logger,
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/TEST AUTOMATION SWITCHES ARE ON/);
    expect(warnings[0]!.fields?.switches).toHaveLength(2);
  });

  it("stay quiet by default outside production, and flag mail and links in production", () => {
    const quiet = capture();
    warnAboutAccounts(parseConfig({ NODE_ENV: "development" }), quiet.logger);
    expect(quiet.warnings).toHaveLength(0);
    const prod = capture();
    warnAboutAccounts(parseConfig({ NODE_ENV: "production" }), prod.logger);
    expect(prod.warnings.map((w) => w.msg).join(" ")).toMatch(/SMTP_URL[\s\S]*PUBLIC_BASE_URL/);
  });

  it("say where links point when PUBLIC_BASE_URL is unset: the address the server was started on", () => {
    const { warnings, logger } = capture();
    warnAboutAccounts(parseConfig({ NODE_ENV: "production", PORT: "8080" }), logger);
    const links = warnings.find((w) => w.msg.includes("PUBLIC_BASE_URL"));
    expect(links?.msg).toContain("http://localhost:8080");
    expect(links?.msg).toMatch(/set PUBLIC_BASE_URL on a public site/);
    expect(links?.msg).not.toMatch(/Host/);
  });
});
