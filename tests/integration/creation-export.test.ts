import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardToCharacterInput } from "@/lib/cards/card-fields";
import { decodeCardText, readCardFromPng } from "@/lib/cards/card-png";
import { parseCard } from "@/lib/cards/character-card";
import { readPngChunks, readTextChunk } from "@/lib/cards/png-chunks";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { avatarPng } from "@/server/modules/creation/card-avatar-png";
import { EXPORTS_PER_MINUTE } from "@/server/modules/creation/export-limit";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { body, create, signIn, unlimitedStore, type Creator } from "./creation-support";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const CATALOGUE = [
  { key: "sci-fi", name: "Sci-Fi" },
  { key: "fantasy", name: "Fantasy" },
];
const BOOK = {
  name: "Lore",
  entries: [{ keys: ["/dragon(s)?/i"], content: "Dragons are real.", extensions: {}, enabled: true }],
};
/** A card as another app writes it (not made by the code under test). */
const FOREIGN_CARD = {
  extensions: { depth_prompt: { prompt: "x", depth: 4 }, "risu-app": { utility: true } },
  character_book: BOOK,
  extra: { personality: "brave", source: ["https://example.test/card"] },
  creator_notes: "Made elsewhere",
  system_prompt: "Stay in character.",
  creator: "someone",
  character_version: "1.2",
  group_only_greetings: ["Crew, gather."],
};

describe.each(testDrivers())("exporting character cards on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let ada: Creator;
  let bob: Creator;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    invalidateCatalogue();
    api = createTestApi(database, {}, unlimitedStore());
    ada = await signIn(database, "Ada");
    bob = await signIn(database, "Bob");
  });
  afterAll(async () => database?.close());

  const card = (id: number, format: "png" | "json", headers: Record<string, string> = {}) =>
    api.request(`/v1/robot/card?id=${id}&format=${format}`, { headers });

  it("answers a PNG with both ccv3 and chara chunks, as an attachment that is never sniffed or cached", async () => {
    const made = await create(api, ada, {
      name: 'Növa "Quote" / Pilot',
      tags: ["sci-fi", "fantasy"],
      card: FOREIGN_CARD,
    });
    const res = await card(made.id, "png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9 ._-]+\.png"; filename\*=UTF-8''/);
    expect(disposition).toContain("filename*=UTF-8''N%C3%B6va%20%22Quote%22%20%2F%20Pilot.png");
    const file = new Uint8Array(await res.arrayBuffer());
    const keywords = readPngChunks(file)
      .map(readTextChunk)
      .filter((t) => t !== null)
      .map((t) => t.keyword);
    expect(keywords.sort()).toEqual(["ccv3", "chara"]);
    const meta = await sharp(Buffer.from(file)).metadata();
    expect(meta).toMatchObject({ format: "png", width: 512, height: 512 });
  });

  it("gives the same character back when the exported PNG is imported again, extensions and lorebook intact", async () => {
    const made = await create(api, ada, {
      tags: ["sci-fi", "fantasy"],
      nsfw: false,
      visibility: "unlisted",
      card: { ...FOREIGN_CARD, character_book: null },
      lorebook: { ...BOOK, scan_depth: 3, recursive_scanning: true },
    });
    const file = new Uint8Array(await (await card(made.id, "png")).arrayBuffer());
    const embedded = readCardFromPng(file)!;
    expect(embedded.keyword).toBe("ccv3");
    const parsed = parseCard(embedded.json);
    expect(parsed.version).toBe(3);
    expect(parsed.card).toMatchObject({
      name: "Captain Nova",
      description: "Nova is brave and quick.",
      personality: "brave",
      first_mes: "Strap in, cadet.",
      alternate_greetings: ["Back again?"],
      tags: ["Fantasy", "Sci-Fi"],
      character_book: { name: "Lore", scan_depth: 3, recursive_scanning: true, entries: [BOOK.entries[0]] },
      creator_notes: "Made elsewhere",
    });
    expect(parsed.card.extensions).toMatchObject(FOREIGN_CARD.extensions);
    const { input } = cardToCharacterInput(parsed.card, { tags: CATALOGUE });
    const again = await create(api, bob, input);
    const original = (await body(await api.post("/v1/robot/definition", { id: made.id }, ada.auth))).data;
    const fields = (d: Record<string, unknown>) => {
      const { id: _id, key: _key, avatar: _a, visibility: _v, creator: _c, is_owner: _o, ...rest } = d;
      const { created_at: _ca, updated_at: _ua, ...kept } = rest;
      return kept;
    };
    expect(fields(again)).toEqual(fields(original));
    // The V2 chunk says the same.
    const chara = readPngChunks(file)
      .map(readTextChunk)
      .find((t) => t?.keyword === "chara")!;
    const v2 = parseCard(decodeCardText(chara!.text));
    expect(v2.version).toBe(2);
    expect(v2.card.character_book).toEqual(parsed.card.character_book);
    expect((again.lorebook as { entries: unknown[] }).entries).toHaveLength(1);
  });

  it("answers the V3 JSON card", async () => {
    const made = await create(api, ada, { card: FOREIGN_CARD });
    const res = await card(made.id, "json");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/filename="Captain Nova\.json"/);
    const json = await res.json();
    expect(json).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0", data: { name: "Captain Nova" } });
    expect(json.data.extensions.kewl).toEqual({
      version: 1,
      intro: "A starship pilot who never lands.",
      nsfw: false,
      tags: ["sci-fi"],
      filled: [],
    });
  });

  it("exports to the definition's audience only, with errors in the envelope", async () => {
    const hidden = await create(api, ada, { visibility: "private" });
    expect((await card(hidden.id, "png", ada.auth)).status).toBe(200);
    for (const res of [await card(hidden.id, "png"), await card(hidden.id, "json", bob.auth)]) {
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toMatchObject({ code: 404, data: null });
    }
    const nsfw = await create(api, ada, { nsfw: true });
    const gated = await card(nsfw.id, "json");
    expect(gated.status).toBe(403);
    expect((await gated.json()).code).toBe(40301);
    expect((await api.request("/v1/robot/card?id=1&format=gif")).status).toBe(400);
  });

  it("draws an uploaded avatar from storage (sts, upload, verify), and the generated one otherwise", async () => {
    const red = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const ticket = (await body(await api.request("/v1/file/sts?content_type=image/png", { headers: ada.auth })))
      .data as { url: string; key: string; fields: Record<string, string> };
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(red)], { type: "image/png" }), "red.png");
    expect((await api.request(ticket.url, { method: "POST", body: form })).status).toBe(204);
    const verified = (await body(await api.post("/v1/file/verify", { key: ticket.key }, ada.auth))).data as {
      url: string;
    };
    const made = await create(api, ada, { avatar: verified.url });
    expect(made.avatar).toBe(verified.url);
    const exported = Buffer.from(await (await card(made.id, "png")).arrayBuffer());
    const drawn = await sharp(exported).raw().toBuffer({ resolveWithObject: true });
    expect(drawn.info.width).toBe(512);
    // Red (the stored copy is lossy WebP: within a few levels).
    expect(drawn.data[0]).toBeGreaterThan(245);
    expect(drawn.data[1]! + drawn.data[2]!).toBeLessThan(10);

    const generated = await avatarPng("/v1/avatar/bottts/k.svg", "k", async () => null);
    const load = async (url: string) => (url === "/v1/file/avatars/gone.webp" ? null : red);
    expect(Buffer.compare(await avatarPng("/v1/file/avatars/gone.webp", "k", load), generated)).toBe(0);
    expect(Buffer.compare(await avatarPng("", "k", load), generated)).toBe(0);
    const notAnImage = async () => Buffer.from("<svg onload=alert(1)>");
    expect(Buffer.compare(await avatarPng("/v1/file/avatars/x.webp", "k", notAnImage), generated)).toBe(0);
  });

  it("limits card exports per user (each PNG is drawn by sharp), and per address when signed out", async () => {
    const limited = createTestApi(database, {}, createMemoryStore());
    const made = await create(api, ada, { name: "Export Limit" });
    const get = (headers: Record<string, string>) =>
      limited.request(`/v1/robot/card?id=${made.id}&format=json`, { headers });
    for (let i = 0; i < EXPORTS_PER_MINUTE; i++) expect((await get(ada.auth)).status).toBe(200);
    const refused = await get(ada.auth);
    expect(refused.status).toBe(429);
    expect((await refused.json()).data.retry_after).toBeGreaterThan(0);
    expect((await get(bob.auth)).status).toBe(200);
    expect((await get({})).status).toBe(200);
  });
});
