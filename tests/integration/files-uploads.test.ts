import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREATION_CODES } from "@/lib/contracts/creation";
import { FILE_CODES, UPLOAD_MAX_BYTES, type UploadTicket } from "@/lib/contracts/files";
import type { DbHandle } from "@/server/db/types";
import { UPLOAD_LIMITS } from "@/server/modules/files/upload-limits";
import { createLocalDiskStorage } from "@/server/providers/storage/local-disk-storage";
import { signPolicy, type UploadPolicy } from "@/server/providers/storage/upload-policy";
import { characterInput } from "./creation-support";
import { createUserWithSession } from "./helpers/fixtures";
import { makeImage, pixelBomb, type ImageType } from "./helpers/test-images";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

interface Actor {
  token: string;
  userId: string;
  auth: Record<string, string>;
}

describe.each(testDrivers())("uploads on the local disk on %s", (driver) => {
  let database: DbHandle;
  let root: string;
  const secret = randomBytes(32).toString("hex");
  let api: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    root = await fs.mkdtemp(path.join(os.tmpdir(), "kewl-uploads-"));
    api = createTestApi(database, {}, undefined, undefined, undefined, createLocalDiskStorage({ root, secret }));
  });
  afterAll(async () => {
    await database?.close();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  async function actor(): Promise<Actor> {
    const { user, token } = await createUserWithSession(database.db);
    return { token, userId: user.id, auth: { authorization: `Bearer ${token}` } };
  }

  async function ticketFor(who: Actor, contentType?: ImageType, on: TestApi = api): Promise<UploadTicket> {
    const query = contentType ? `?content_type=${encodeURIComponent(contentType)}` : "";
    const res = await on.request(`/v1/file/sts${query}`, { headers: who.auth });
    expect(res.status).toBe(200);
    return (await res.json()).data as UploadTicket;
  }

  function form(fields: Record<string, string>, bytes: Uint8Array, type: string, filename = "a.png"): FormData {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append("file", new Blob([new Uint8Array(bytes)], { type }), filename);
    return body;
  }

  function post(fields: Record<string, string>, bytes: Uint8Array, type: string, on: TestApi = api) {
    return on.request("/v1/file/upload", { method: "POST", body: form(fields, bytes, type) });
  }

  const verify = (who: Actor, key: string, on: TestApi = api) => on.post("/v1/file/verify", { key }, who.auth);

  async function exists(key: string): Promise<boolean> {
    return fs.access(path.join(root, ...key.split("/"))).then(
      () => true,
      () => false,
    );
  }

  async function forged(ticket: UploadTicket, change: Partial<UploadPolicy>): Promise<Record<string, string>> {
    const policy: UploadPolicy = {
      v: 1,
      key: ticket.key,
      content_types: ticket.content_types,
      max_bytes: ticket.max_bytes,
      expires_at: ticket.expires_at,
      ...change,
    };
    return { ...ticket.fields, ...signPolicy(secret, policy) };
  }

  it.each(["image/png", "image/jpeg", "image/webp"] as const)(
    "takes a %s from ticket to served 512px WebP, with the served file's headers",
    async (type) => {
      const who = await actor();
      const ticket = await ticketFor(who, type);
      expect(ticket.url).toBe("/v1/file/upload");
      expect(ticket.key).toMatch(new RegExp(`^incoming/${who.userId}/[A-Za-z0-9_-]{24}$`));
      expect(ticket.content_types).toEqual([type]);
      expect(ticket.max_bytes).toBe(UPLOAD_MAX_BYTES);
      expect(ticket.fields.key).toBe(ticket.key);
      expect(ticket.fields["Content-Type"]).toBe(type);

      const uploaded = await post(ticket.fields, await makeImage(type), type);
      expect(uploaded.status).toBe(204);
      expect(await exists(ticket.key)).toBe(true);

      const verified = await verify(who, ticket.key);
      expect(verified.status).toBe(200);
      const data = (await verified.json()).data;
      expect(data).toMatchObject({ content_type: "image/webp", width: 512, height: 512 });
      expect(data.url).toMatch(/^\/v1\/file\/avatars\/[0-9a-f]{64}\.webp$/);
      expect(await exists(ticket.key)).toBe(false);

      const served = await api.request(data.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.length).toBe(data.bytes);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();

      const etag = served.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await api.request(data.url, { headers: { "if-none-match": etag! } });
      expect(again.status).toBe(304);

      // The upload is gone: verifying it again finds nothing.
      const twice = await verify(who, ticket.key);
      expect(twice.status).toBe(404);
      expect((await twice.json()).code).toBe(FILE_CODES.UPLOAD_NOT_FOUND);
    },
  );

  it("serves only verified copies' names, and a 404 envelope for the rest", async () => {
    for (const name of [`${"a".repeat(64)}.webp`, "x.webp", `${"a".repeat(64)}.png`, "..%2Fkeys%2Fupload-secret"]) {
      const res = await api.request(`/v1/file/avatars/${name}`);
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe(404);
    }
  });

  it("needs a session for a ticket and a verification", async () => {
    expect((await api.request("/v1/file/sts")).status).toBe(401);
    expect((await api.post("/v1/file/verify", { key: `incoming/${"0".repeat(36)}/${"a".repeat(24)}` })).status).toBe(
      401,
    );
  });

  it("refuses an expired ticket", async () => {
    const who = await actor();
    const ticket = await ticketFor(who, "image/png");
    const fields = await forged(ticket, { expires_at: Math.floor(Date.now() / 1000) - 1 });
    const res = await post(fields, await makeImage("image/png"), "image/png");
    expect(res.status).toBe(403);
    expect((await res.json()).msg).toMatch(/expired/);
    expect(await exists(ticket.key)).toBe(false);
  });

  it("refuses a tampered policy, a forged signature and a missing one", async () => {
    const who = await actor();
    const ticket = await ticketFor(who, "image/png");
    const image = await makeImage("image/png");
    const raised = JSON.parse(Buffer.from(ticket.fields.policy!, "base64").toString("utf8"));
    raised.max_bytes = 1024 * 1024 * 1024;
    const tampered = { ...ticket.fields, policy: Buffer.from(JSON.stringify(raised)).toString("base64") };
    const otherSecret = signPolicy(randomBytes(32).toString("hex"), { ...raised, max_bytes: UPLOAD_MAX_BYTES });
    const { signature: _dropped, ...unsigned } = ticket.fields;
    for (const fields of [tampered, { ...ticket.fields, ...otherSecret }, unsigned]) {
      const res = await post(fields, image, "image/png");
      expect(res.status).toBe(403);
    }
    expect(await exists(ticket.key)).toBe(false);
  });

  it("refuses a form whose key is not the ticket's", async () => {
    const who = await actor();
    const ticket = await ticketFor(who, "image/png");
    const other = `incoming/${who.userId}/${"b".repeat(24)}`;
    const res = await post({ ...ticket.fields, key: other }, await makeImage("image/png"), "image/png");
    expect(res.status).toBe(403);
    expect((await res.json()).msg).toMatch(/key/);
    expect(await exists(other)).toBe(false);
  });

  it("refuses another user's upload at verify as not found, and leaves it to its owner", async () => {
    const owner = await actor();
    const thief = await actor();
    const ticket = await ticketFor(owner, "image/jpeg");
    expect((await post(ticket.fields, await makeImage("image/jpeg"), "image/jpeg")).status).toBe(204);
    const stolen = await verify(thief, ticket.key);
    expect(stolen.status).toBe(404);
    expect((await stolen.json()).code).toBe(FILE_CODES.UPLOAD_NOT_FOUND);
    expect((await verify(owner, ticket.key)).status).toBe(200);
  });

  it("refuses a content type outside the ticket's", async () => {
    const who = await actor();
    const exact = await ticketFor(who, "image/png");
    const svg = await post(
      { ...exact.fields, "Content-Type": "image/svg+xml" },
      Buffer.from("<svg/>"),
      "image/svg+xml",
    );
    expect(svg.status).toBe(415);
    expect((await svg.json()).code).toBe(FILE_CODES.UPLOAD_NOT_AN_IMAGE);

    // A ticket for any allowed type checks the file part's own type.
    const open = await ticketFor(who);
    expect(open.content_types).toEqual(["image/png", "image/jpeg", "image/webp"]);
    expect(open.fields["Content-Type"]).toBeUndefined();
    const html = await post(open.fields, Buffer.from("<script>alert(1)</script>"), "text/html");
    expect(html.status).toBe(415);
    expect(await exists(open.key)).toBe(false);
  });

  it("answers 413 to a body past the cap without reading the rest, and keeps nothing", async () => {
    const who = await actor();
    const ticket = await ticketFor(who, "image/png");
    const boundary = `----kewl${randomBytes(8).toString("hex")}`;
    const head = Object.entries(ticket.fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("");
    const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
    const total = UPLOAD_MAX_BYTES * 4;
    const chunk = new Uint8Array(64 * 1024);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head + filePart));
      },
      pull(controller) {
        if (pulled >= total) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await api.request("/v1/file/upload", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect((await res.json()).code).toBe(FILE_CODES.UPLOAD_TOO_LARGE);
    // Read past the cap by at most a few buffered chunks, never the whole body.
    expect(pulled).toBeGreaterThan(UPLOAD_MAX_BYTES - chunk.length);
    expect(pulled).toBeLessThan(UPLOAD_MAX_BYTES + 2 * 1024 * 1024);
    await body.cancel().catch(() => undefined);
    expect(await exists(ticket.key)).toBe(false);
  });

  it("answers 413 at once to a declared length past the cap", async () => {
    const who = await actor();
    const ticket = await ticketFor(who, "image/png");
    const res = await api.request("/v1/file/upload", {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(UPLOAD_MAX_BYTES * 2),
      },
      body: "--x--",
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect(await exists(ticket.key)).toBe(false);
  });

  it("refuses an empty file and a form without one", async () => {
    const who = await actor();
    const ticket = await ticketFor(who, "image/png");
    expect((await post(ticket.fields, new Uint8Array(0), "image/png")).status).toBe(400);
    const noFile = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) noFile.append(name, value);
    expect((await api.request("/v1/file/upload", { method: "POST", body: noFile })).status).toBe(400);
    const json = await api.post("/v1/file/upload", { key: ticket.key });
    expect(json.status).toBe(400);
  });

  it.each([
    ["a text file named .png", async () => Buffer.from("hello, I am not a picture\n".repeat(50))],
    ["a truncated PNG", async () => (await makeImage("image/png")).subarray(0, 4000)],
    [
      "a GIF",
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: "#f00" } })
          .gif()
          .toBuffer(),
    ],
  ])("refuses %s at verify with 415, and deletes the upload", async (_name, make) => {
    const who = await actor();
    const ticket = await ticketFor(who, "image/png");
    expect((await post(ticket.fields, await make(), "image/png")).status).toBe(204);
    const res = await verify(who, ticket.key);
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe(FILE_CODES.UPLOAD_NOT_AN_IMAGE);
    expect(await exists(ticket.key)).toBe(false);
  });

  it("refuses a pixel bomb (a tiny PNG declaring 100000×100000) with 422, before decoding it", async () => {
    const who = await actor();
    const ticket = await ticketFor(who, "image/png");
    const bomb = await pixelBomb(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    expect((await post(ticket.fields, bomb, "image/png")).status).toBe(204);
    const res = await verify(who, ticket.key);
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe(FILE_CODES.UPLOAD_TOO_MANY_PIXELS);
    expect(await exists(ticket.key)).toBe(false);
  });

  it("keeps only the first frame of an animated WebP", async () => {
    const who = await actor();
    const frames = Buffer.concat([randomBytes(64 * 64 * 3), Buffer.alloc(64 * 64 * 3, 255)]);
    const animated = await sharp(frames, { raw: { width: 64, height: 128, channels: 3, pageHeight: 64 } })
      .webp({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated, { pages: -1 }).metadata()).pages).toBe(2);
    const ticket = await ticketFor(who, "image/webp");
    expect((await post(ticket.fields, animated, "image/webp")).status).toBe(204);
    const res = await verify(who, ticket.key);
    expect(res.status).toBe(200);
    const served = Buffer.from(await (await api.request((await res.json()).data.url)).arrayBuffer());
    const meta = await sharp(served, { pages: -1 }).metadata();
    expect(meta.pages ?? 1).toBe(1);
    expect(meta.height).toBe(512);
  });

  it("limits tickets per user (429 42904 with retry_after), not per site", async () => {
    const busy = await actor();
    for (let i = 0; i < UPLOAD_LIMITS.ticket.limit; i++) await ticketFor(busy, "image/png");
    const refused = await api.request("/v1/file/sts", { headers: busy.auth });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.code).toBe(FILE_CODES.UPLOAD_RATE_LIMITED);
    expect(body.data.retry_after).toBeGreaterThan(0);
    await ticketFor(await actor(), "image/png");
  });

  it("limits verifications per user apart from tickets: a ticket's key can be written and verified again", async () => {
    const busy = await actor();
    const ticket = await ticketFor(busy, "image/png");
    const image = await makeImage("image/png", 64, 64);
    for (let i = 0; i < UPLOAD_LIMITS.verify.limit; i++) {
      expect((await post(ticket.fields, image, "image/png")).status).toBe(204);
      expect((await verify(busy, ticket.key)).status).toBe(200);
    }
    expect((await post(ticket.fields, image, "image/png")).status).toBe(204);
    const refused = await verify(busy, ticket.key);
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe(FILE_CODES.UPLOAD_RATE_LIMITED);
  });

  it("lets a profile's face be a verified upload, never an upload that was not verified", async () => {
    const who = await actor();
    const ticket = await ticketFor(who, "image/png");
    expect((await post(ticket.fields, await makeImage("image/png"), "image/png")).status).toBe(204);
    const profile = { name: "Uma", sex: -1, key: `uma_${randomBytes(4).toString("hex")}` };

    const unverified = await api.post("/v1/user/update", { ...profile, face: `/v1/file/${ticket.key}` }, who.auth);
    expect(unverified.status).toBe(400);
    expect((await unverified.json()).msg).toContain("'face'");

    const { url } = (await (await verify(who, ticket.key)).json()).data;
    const saved = await api.post("/v1/user/update", { ...profile, face: url }, who.auth);
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.face).toBe(url);
    const info = await api.request("/v1/user/info", { headers: who.auth });
    expect((await info.json()).data.face).toBe(url);
  });

  it("lets only the user who verified an avatar use it, while its file exists, and a copy keep its original's", async () => {
    const [owner, other] = [await actor(), await actor()];
    const ticket = await ticketFor(owner, "image/png");
    expect((await post(ticket.fields, await makeImage("image/png"), "image/png")).status).toBe(204);
    const { url } = (await (await verify(owner, ticket.key)).json()).data as { url: string };
    const missing = `/v1/file/avatars/${randomBytes(32).toString("hex")}.webp`;
    const face = (who: Actor, value: string) =>
      api.post(
        "/v1/user/update",
        { name: "Uma", sex: -1, key: `u_${randomBytes(6).toString("hex")}`, face: value },
        who.auth,
      );
    const character = (who: Actor, avatar: string, more: Record<string, unknown> = {}) =>
      api.post(
        "/v1/user/robot/create",
        { ...characterInput({ avatar, visibility: "public", tags: [] }), ...more },
        who.auth,
      );

    for (const res of [await face(other, url), await face(owner, missing)]) expect(res.status).toBe(400);
    for (const res of [await character(other, url), await character(owner, missing)]) {
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe(CREATION_CODES.AVATAR_NOT_ALLOWED);
    }
    expect((await face(owner, url)).status).toBe(200);
    const original = await character(owner, url);
    expect(original.status).toBe(200);
    const originalId = ((await original.json()).data as { id: number }).id;

    // A copy keeps the original's avatar (the same file); then that user's characters and profile may show it.
    const copy = await character(other, url, { copied_from: originalId });
    expect(copy.status).toBe(200);
    expect(((await copy.json()).data as { avatar: string }).avatar).toBe(url);
    expect((await character(other, url)).status).toBe(200);
    expect((await face(other, url)).status).toBe(200);
  });

  it("works with request signing enforced: the form upload and the served file are unsigned like S3's", async () => {
    const signed = createTestApi(
      database,
      { REQUEST_SIGNING: "enforce" },
      undefined,
      undefined,
      undefined,
      createLocalDiskStorage({ root, secret }),
    );
    const who = await actor();
    const ticket = await ticketFor(who, "image/png");
    expect((await post(ticket.fields, await makeImage("image/png"), "image/png", signed)).status).toBe(204);
    const { url } = (await (await verify(who, ticket.key)).json()).data;
    expect((await signed.request(url)).status).toBe(200);
    expect((await signed.request("/v1/file/sts", { headers: who.auth })).status).toBe(400);
  });
});
