import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/open-database";
import { instanceSecrets } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { loadRsaKeys, loadSharedRsaKeys } from "@/server/modules/crypto/rsa-keys";
import { sharedSecret } from "@/server/modules/crypto/shared-secrets";
import { loadUploadSecret } from "@/server/providers/storage/upload-secret";
import { withDatabase } from "./helpers/postgres-admin";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const APP_SECRET = "an-app-secret-of-at-least-32-characters";
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "kewl-secrets-"));
const storedValue = async (database: DbHandle, name: string) =>
  (await database.db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name)))[0]?.value;

describe.each(testDrivers())("secrets shared through the database on %s", (driver) => {
  let database: DbHandle;
  afterEach(async () => {
    await database?.close();
  });

  it("keeps the first stored value: every racing caller gets the same one", async () => {
    database = await createTestDatabase(driver);
    const made: string[] = [];
    const make = async () => {
      const value = randomBytes(16).toString("hex");
      made.push(value);
      return value;
    };
    const got = await Promise.all(
      Array.from({ length: 5 }, () => sharedSecret(database.db, "upload_signing_secret", make)),
    );
    expect(new Set(got).size).toBe(1);
    expect(made).toContain(got[0]);
    expect(await storedValue(database, "upload_signing_secret")).toBe(got[0]);
    expect(await sharedSecret(database.db, "upload_signing_secret", make)).toBe(got[0]);
  });

  it("stores it sealed with APP_SECRET, which it then needs; seals one stored before APP_SECRET was set", async () => {
    database = await createTestDatabase(driver);
    const plain = await sharedSecret(database.db, "upload_signing_secret", async () => "x".repeat(64), APP_SECRET);
    expect(plain).toBe("x".repeat(64));
    const stored = await storedValue(database, "upload_signing_secret");
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain("xxxx");
    const never = async () => "never";
    await expect(sharedSecret(database.db, "upload_signing_secret", never)).rejects.toThrow(/set APP_SECRET/);
    await expect(
      sharedSecret(database.db, "upload_signing_secret", never, "another-secret-of-at-least-32-characters"),
    ).rejects.toThrow(/APP_SECRET does not decrypt/);

    await sharedSecret(database.db, "rsa_private_key", async () => "plain-before");
    expect(await storedValue(database, "rsa_private_key")).toBe("plain-before");
    expect(await sharedSecret(database.db, "rsa_private_key", never, APP_SECRET)).toBe("plain-before");
    expect(await storedValue(database, "rsa_private_key")).toMatch(/^enc:v1:/);
    expect(await sharedSecret(database.db, "rsa_private_key", never, APP_SECRET)).toBe("plain-before");
  });

  it("adopts the RSA key an instance already had under DATA_DIR, so an upgrade keeps it", async () => {
    database = await createTestDatabase(driver);
    const dataDir = tempDir();
    const onDisk = await loadRsaKeys({ dataDir, RSA_PRIVATE_KEY: undefined });
    const shared = await loadSharedRsaKeys(database.db, { dataDir, RSA_PRIVATE_KEY: undefined });
    expect(shared.source).toBe("database");
    expect(shared.publicKeyPem).toBe(onDisk.publicKeyPem);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)("two instances on one Postgres database", () => {
  let first: DbHandle;
  let second: DbHandle;
  beforeAll(async () => {
    first = await createTestDatabase("postgres");
    const result = (await first.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    };
    const name = result.rows[0]!.name;
    second = await openDatabase({ databaseUrl: withDatabase(adminUrl!, name), poolSize: 2 });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("race to make the RSA key pair and the upload secret, and both end with the same ones", async () => {
    const config = { dataDir: tempDir(), RSA_PRIVATE_KEY: undefined, APP_SECRET };
    const [a, b] = await Promise.all([loadSharedRsaKeys(first.db, config), loadSharedRsaKeys(second.db, config)]);
    expect(a.publicKeyPem).toBe(b.publicKeyPem);
    // Each instance has a DATA_DIR of its own: the secret comes from the database, not from either folder.
    const upload = (dataDir: string) => ({
      dataDir,
      UPLOAD_SIGNING_SECRET: undefined,
      DATABASE_URL: "postgres://x",
      APP_SECRET,
    });
    const [s1, s2] = await Promise.all([
      loadUploadSecret(upload(tempDir()), first.db),
      loadUploadSecret(upload(tempDir()), second.db),
    ]);
    expect(s1).toBe(s2);
    expect(s1).toMatch(/^[0-9a-f]{64}$/);
  });
});
