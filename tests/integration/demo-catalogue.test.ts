import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionProductListSchema } from "@/lib/contracts/billing-client";
import type { RobotCard } from "@/lib/contracts/catalogue";
import { robots } from "@/server/db/schema";
import { DEMO_CHARACTERS } from "@/server/db/seed/demo-characters";
import { DEMO_TAGS } from "@/server/db/seed/demo-tags";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { buildPrompt } from "@/server/modules/chat/prompt";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const ADULT = { cookie: "kewl_age_verified=1; kewl_nsfw=1" };

/**
 * What a fresh install shows (SEED_DEMO, the default): the demo catalogue as the API serves it to visitors and
 * adults, and as the chat's prompt puts each character to the model.
 */
describe.each(testDrivers())("the demo catalogue on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  const data = async (res: Response) => (await res.json()).data;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  /** Every card of a listing, page by page (50 a page). */
  async function allCards(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<RobotCard[]> {
    const cards: RobotCard[] = [];
    for (let page = 1; ; page++) {
      const res = await data(await post("/v1/tag/robots", { ...body, page, page_size: 50 }, headers));
      cards.push(...res.list);
      if (cards.length >= res.total) return cards;
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    invalidateCatalogue();
    api = createTestApi(database);
  });
  afterAll(async () => database?.close());

  it("lists every character to adults, and all but a few NSFW ones to everyone else", async () => {
    const adult = await allCards({}, ADULT);
    const visitor = await allCards({});
    expect(adult.map((c) => c.key).sort()).toEqual(DEMO_CHARACTERS.map((c) => c.key).sort());
    expect(visitor.map((c) => c.key).sort()).toEqual(
      DEMO_CHARACTERS.filter((c) => !c.nsfw)
        .map((c) => c.key)
        .sort(),
    );
    // The age gate has something to hide on a fresh install, and most of the catalogue is open.
    expect(adult.length - visitor.length).toBeGreaterThanOrEqual(1);
    expect(adult.length - visitor.length).toBeLessThanOrEqual(10);
  });

  it("lists the tags in their order, each with a page of at least 4 characters and a description", async () => {
    const tags = (await data(await post("/v1/tag/list", {}))).list as Array<{ key: string; name: string }>;
    const ordered = [...DEMO_TAGS].sort((a, b) => a.sort - b.sort);
    expect(tags.map((t) => t.key)).toEqual(ordered.map((t) => t.key));
    for (const tag of tags) {
      expect(encodeURIComponent(tag.key), "the key is the tag page's path segment").toBe(tag.key);
      const detail = await data(await post("/v1/tag/detail", { key: tag.key }));
      expect(detail.name.length, tag.key).toBeGreaterThan(0);
      expect(detail.description.length, tag.key).toBeGreaterThan(0);
      const page = await data(await post("/v1/tag/robots", { tag_key: tag.key, page_size: 50 }, ADULT));
      expect(page.total, tag.key).toBeGreaterThanOrEqual(4);
    }
  });

  it("shows each character with the 1 to 3 tags it was given, a card-sized name and intro, and an avatar that loads", async () => {
    const given = new Map(DEMO_CHARACTERS.map((c) => [c.key, c]));
    for (const card of await allCards({}, ADULT)) {
      const character = given.get(card.key)!;
      expect(card.tags.map((t) => t.key).sort(), card.key).toEqual([...character.tags].sort());
      expect(card.tags.length, card.key).toBeGreaterThanOrEqual(1);
      expect(card.tags.length, card.key).toBeLessThanOrEqual(3);
      expect(card.name.length, card.key).toBeGreaterThan(0);
      expect(card.name.length, card.key).toBeLessThanOrEqual(40);
      expect(card.intro.length, card.key).toBeGreaterThan(0);
      expect(card.intro.length, card.key).toBeLessThanOrEqual(160);
      expect(card.favorite_count, card.key).toBeGreaterThanOrEqual(0);
      expect(card.favorite_count, card.key).toBeLessThanOrEqual(card.chat_count);
      const avatar = await api.request(card.avatar);
      expect(avatar.status, card.avatar).toBe(200);
    }
  });

  it("shows counts in the thousands and the millions on the cards", async () => {
    const counts = (await allCards({}, ADULT)).map((c) => c.chat_count);
    expect(counts.filter((n) => n >= 1000 && n < 1_000_000).length).toBeGreaterThanOrEqual(1);
    expect(counts.filter((n) => n >= 1_000_000).length).toBeGreaterThanOrEqual(6);
  });

  it("sells plans that differ in what they buy, each card's rights derived from its benefits", async () => {
    const plans = subscriptionProductListSchema.parse(await data(await api.request("/v1/subscribe/product")));
    const rights = Object.fromEntries(
      plans.product_list.map((p) => [p.product_id, p.rights.filter((r) => r.val === "1").map((r) => r.name)]),
    );
    expect(rights).toEqual({
      "plan-free": ["30 free replies a day on the Standard model"],
      "plan-plus-monthly": ["Unlimited replies on the Standard model", "Premium models at 50% of the coin cost"],
      "plan-pro-yearly": ["Unlimited replies on the Standard model", "Premium models at 25% of the coin cost"],
      "plan-studio": ["Unlimited replies on the Standard model", "Premium models at 10% of the coin cost"],
    });
    expect(plans.product_list.map((p) => [p.name, p.price, p.status])).toEqual([
      ["Free", "$0/month", 2],
      ["Plus", "$9.99/month", 1],
      ["Pro", "$89.99/year", 1],
      ["Studio", "$24.99/month", 0],
    ]);
  });

  it("gives the model each character's persona, scenario and example lines with the names filled in", async () => {
    const rows = await database.db.select().from(robots);
    expect(rows).toHaveLength(DEMO_CHARACTERS.length);
    for (const row of rows) {
      const { system } = buildPrompt({
        character: row,
        userName: "Sam",
        history: [],
        userMessage: "Hello",
        contextTokens: 32_000,
        maxReplyTokens: 512,
      });
      expect(system, row.key).not.toContain("{{");
      expect(system, row.key).toContain(`## ${row.name}'s persona\n`);
      expect(system, row.key).toContain("## Scenario\n");
      expect(system.split("## Scenario\n")[1], row.key).toContain("Sam");
      const examples = system.split("do not repeat them.\n")[1]?.split("\n") ?? [];
      expect(examples.length, row.key).toBeGreaterThanOrEqual(2);
      expect(examples.length, row.key).toBeLessThanOrEqual(4);
      for (const line of examples)
        expect(line.startsWith("Sam: ") || line.startsWith(`${row.name}: `), `${row.key}: ${line}`).toBe(true);
      expect(row.greeting.trim().length, row.key).toBeGreaterThan(0);
    }
  });
});
