import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadTicket } from "@/lib/contracts/files";
import { parseConfig } from "@/server/config";
import type { DbHandle } from "@/server/db/types";
import { createStorageProvider } from "@/server/providers/storage/create-storage-provider";
import { s3PostOrigin, s3Settings, storageOrigins } from "@/server/providers/storage/s3-settings";
import { StoredObjectTooLarge, type StorageProvider } from "@/server/providers/storage/types";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const BUCKET = "kewl-avatars";

/**
 * The S3 adapter against s3rver, a real S3-protocol server on loopback: the presigned POST the SDK makes is accepted
 * by it, and the server's reads, writes and deletes go through the SDK. s3rver checks no POST policy, so the
 * ticket's limits are tested on the local disk (files-uploads.test.ts), which enforces the same ones.
 */
describe.each(testDrivers())("uploads to S3-compatible storage (s3rver) on %s", (driver) => {
  let database: DbHandle;
  let directory: string;
  let s3: S3rver;
  let endpoint: string;
  let env: Record<string, string>;
  let storage: StorageProvider;
  let api: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "kewl-s3rver-"));
    s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    env = {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      S3_PUBLIC_URL: `${endpoint}/${BUCKET}`,
    };
    const config = parseConfig({ NODE_ENV: "test", DATA_DIR: directory, ...env });
    storage = await createStorageProvider(config);
    api = createTestApi(database, env, undefined, undefined, undefined, storage);
  });
  afterAll(async () => {
    await s3?.close();
    await database?.close();
    if (directory) await fs.rm(directory, { recursive: true, force: true });
  });

  async function actor() {
    const { user, token } = await createUserWithSession(database.db);
    return { userId: user.id, auth: { authorization: `Bearer ${token}` } };
  }

  async function ticketFor(auth: Record<string, string>, type = "image/png"): Promise<UploadTicket> {
    const res = await api.request(`/v1/file/sts?content_type=${encodeURIComponent(type)}`, { headers: auth });
    expect(res.status).toBe(200);
    return (await res.json()).data;
  }

  /** What the browser does: the ticket's fields in order, then the file, to the bucket's URL. */
  async function postToBucket(ticket: UploadTicket, bytes: Uint8Array, type: string): Promise<Response> {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(bytes)], { type }), "avatar");
    return fetch(ticket.url, { method: "POST", body: form });
  }

  it("is chosen by S3_BUCKET, and its POST origin is where the tickets point", async () => {
    expect(storage.kind).toBe("s3");
    const who = await actor();
    const ticket = await ticketFor(who.auth);
    expect(ticket.url.replace(/\/$/, "")).toBe(`${endpoint}/${BUCKET}`);
    const config = parseConfig({ NODE_ENV: "test", ...env });
    expect(new URL(ticket.url).origin).toBe(s3PostOrigin(s3Settings(config)!));
    expect(storageOrigins(config)).toEqual({ images: endpoint, uploads: endpoint });
    // The presigned POST's own fields: the key, the exact type, the policy and its SigV4 signature.
    expect(ticket.fields).toMatchObject({ key: ticket.key, "Content-Type": "image/png", bucket: BUCKET });
    expect(ticket.fields.Policy).toBeTruthy();
    expect(ticket.fields["X-Amz-Signature"]).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, "base64").toString("utf8"));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["eq", "$key", ticket.key],
        ["content-length-range", 1, ticket.max_bytes],
        ["eq", "$Content-Type", "image/png"],
      ]),
    );
    const open = await (await api.request("/v1/file/sts", { headers: who.auth })).json();
    const openPolicy = JSON.parse(Buffer.from(open.data.fields.Policy, "base64").toString("utf8"));
    expect(openPolicy.conditions).toEqual(expect.arrayContaining([["starts-with", "$Content-Type", "image/"]]));
  });

  it("takes an upload from the presigned POST to a verified copy under S3_PUBLIC_URL", async () => {
    const who = await actor();
    const ticket = await ticketFor(who.auth, "image/jpeg");
    const image = await sharp(randomBytes(300 * 200 * 3), { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    const posted = await postToBucket(ticket, image, "image/jpeg");
    expect(posted.status).toBe(204);
    expect(Buffer.from((await storage.read(ticket.key, 10 * 1024 * 1024))!)).toEqual(image);

    const verified = await api.post("/v1/file/verify", { key: ticket.key }, who.auth);
    expect(verified.status).toBe(200);
    const data = (await verified.json()).data;
    expect(data.url).toMatch(new RegExp(`^${endpoint}/${BUCKET}/avatars/[0-9a-f]{64}\\.webp$`));
    expect(await storage.read(ticket.key, 10 * 1024 * 1024)).toBeNull();

    const served = await fetch(data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });

    // The verified copy may be a face; the upload it came from may not.
    const profile = { name: "Sam", sex: -1, key: `sam_${randomBytes(4).toString("hex")}` };
    const saved = await api.post("/v1/user/update", { ...profile, face: data.url }, who.auth);
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.face).toBe(data.url);
    const incoming = await api.post(
      "/v1/user/update",
      { ...profile, face: `${endpoint}/${BUCKET}/${ticket.key}` },
      who.auth,
    );
    expect(incoming.status).toBe(400);
  });

  it("reads within a cap, deletes, and answers null for a missing object", async () => {
    const key = `avatars/${"c".repeat(64)}.webp`;
    await storage.put(key, new Uint8Array(1000), { contentType: "image/webp", cacheControl: "no-store" });
    expect((await storage.read(key, 1000))?.length).toBe(1000);
    await expect(storage.read(key, 999)).rejects.toBeInstanceOf(StoredObjectTooLarge);
    expect(storage.publicUrl(key)).toBe(`${endpoint}/${BUCKET}/${key}`);
    await storage.delete(key);
    expect(await storage.read(key, 1000)).toBeNull();
    await storage.delete(key);
    expect(() => storage.publicUrl("../secret")).toThrow();
  });

  it("has no local upload route or file route when S3 is used", async () => {
    const form = new FormData();
    form.append("file", new Blob(["x"], { type: "image/png" }));
    expect((await api.request("/v1/file/upload", { method: "POST", body: form })).status).toBe(404);
    expect((await api.request(`/v1/file/avatars/${"a".repeat(64)}.webp`)).status).toBe(404);
  });
});
