import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOREBOOK_LIMITS } from "@/lib/validation/lorebook-rules";
import { PERSONA_LIMITS } from "@/lib/validation/persona-rules";
import { chatSessions, robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { settleActiveReplies } from "@/server/modules/chat/active-replies";
import { createMockProvider, type MockProvider } from "@/tests/support/mock-model";
import { body, characterInput, create, signIn, unlimitedStore, type Creator } from "./creation-support";
import { readChatStream } from "./helpers/read-chat-stream";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const LORE = {
  name: "Skies",
  scan_depth: 2,
  token_budget: 400,
  entries: [
    { keys: ["engine"], content: "{{char}}'s engine is a salvaged warp core.", insertion_order: 2 },
    { keys: ["/stars?/i"], content: "Regex keys are text.", insertion_order: 3 },
    { constant: true, content: "Space is cold.", insertion_order: 1, position: "before_char" as const },
    { keys: ["engine"], enabled: false, content: "Disabled entry." },
  ],
};

describe.each(testDrivers())("personas and lorebooks on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let llm: MockProvider;
  let ada: Creator;
  let bob: Creator;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    invalidateCatalogue();
    llm = createMockProvider();
    api = createTestApi(database, {}, unlimitedStore(), llm);
    ada = await signIn(database, "Ada");
    bob = await signIn(database, "Bob");
  });
  afterAll(async () => database?.close());

  const data = async (res: Response) => {
    const answer = await body(res);
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const definition = async (id: number, who: Creator) => data(await api.post("/v1/robot/definition", { id }, who.auth));
  const chat = async (who: Creator, robotId: number, message: string) => {
    const stream = await readChatStream(
      await api.post("/v1/chat_session/chat", { robot_id: robotId, message }, who.auth),
    );
    await settleActiveReplies(20_000);
    expect(stream.messages.at(-1)?.type).toBe("end");
    return llm.calls.at(-1)!.request;
  };

  describe("the user's persona", () => {
    it("needs a signed-in user", async () => {
      expect((await api.request("/v1/user/persona")).status).toBe(401);
      expect((await api.post("/v1/user/persona/update", { name: "", description: "" })).status).toBe(401);
      expect((await api.post("/v1/chat_session/persona", { robot_id: 1 })).status).toBe(401);
      expect((await api.post("/v1/chat_session/set_persona", { robot_id: 1, persona: null })).status).toBe(401);
    });

    it("is empty at first, then saved trimmed and read back, for that user only", async () => {
      expect(await data(await api.request("/v1/user/persona", { headers: ada.auth }))).toEqual({
        name: "",
        description: "",
      });
      const saved = await data(
        await api.post(
          "/v1/user/persona/update",
          { name: "  Captain Ada ", description: " A retired pilot. " },
          ada.auth,
        ),
      );
      expect(saved).toEqual({ name: "Captain Ada", description: "A retired pilot." });
      expect(await data(await api.request("/v1/user/persona", { headers: ada.auth }))).toEqual(saved);
      expect(await data(await api.request("/v1/user/persona", { headers: bob.auth }))).toEqual({
        name: "",
        description: "",
      });
    });

    it("refuses a name or description over the limits with 400 naming the field, and the database does too", async () => {
      const long = await api.post(
        "/v1/user/persona/update",
        { name: "x".repeat(PERSONA_LIMITS.name + 1), description: "" },
        ada.auth,
      );
      expect(long.status).toBe(400);
      expect((await body(long)).msg).toMatch(/name/);
      const longer = await api.post(
        "/v1/user/persona/update",
        { name: "", description: "x".repeat(PERSONA_LIMITS.description + 1) },
        ada.auth,
      );
      expect(longer.status).toBe(400);
      expect((await body(longer)).msg).toMatch(/description/);
      await expect(
        database.db.execute(sql`update users set persona_name = ${"x".repeat(41)} where id = ${ada.id}`),
      ).rejects.toThrow();
    });
  });

  describe("a chat's own persona", () => {
    it("overrides the user's persona in that chat only, in {{user}} and the persona block, until cleared", async () => {
      const nova = await create(api, bob, { greeting: "Welcome aboard, {{USER}}." });
      const other = await create(api, bob, { name: "Other" });
      await data(
        await api.post("/v1/user/persona/update", { name: "Captain Ada", description: "A retired pilot." }, ada.auth),
      );

      const own = await chat(ada, nova.id, "Hello");
      expect(own.system).toContain("## Captain Ada, who you are talking with\nA retired pilot.");
      expect(own.messages[0]?.content).toBe("Welcome aboard, Captain Ada.");

      const set = await data(
        await api.post(
          "/v1/chat_session/set_persona",
          { robot_id: nova.id, persona: { name: "Stowaway", description: "{{user}} hides in the cargo hold." } },
          ada.auth,
        ),
      );
      expect(set).toEqual({
        chat: { name: "Stowaway", description: "{{user}} hides in the cargo hold." },
        user: { name: "Captain Ada", description: "A retired pilot." },
        nickname: "Ada",
      });
      expect(await data(await api.post("/v1/chat_session/persona", { robot_id: nova.id }, ada.auth))).toEqual(set);
      const overridden = await chat(ada, nova.id, "Hi again");
      expect(overridden.system).toContain("## Stowaway, who you are talking with\nStowaway hides in the cargo hold.");
      expect(overridden.system).not.toContain("retired pilot");
      expect(overridden.messages[0]?.content).toBe("Welcome aboard, Stowaway.");
      // The export names the user as the model saw them in this chat.
      const exported = await api.request(`/v1/chat_session/export?robot_id=${nova.id}&format=jsonl`, {
        headers: ada.auth,
      });
      const [header, greeting, message] = (await exported.text())
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(header?.user_name).toBe("Stowaway");
      expect(greeting?.mes).toBe("Welcome aboard, Stowaway.");
      expect(message).toMatchObject({ name: "Stowaway", is_user: true, mes: "Hello" });

      // Another chat keeps the user's persona.
      expect(
        (await data(await api.post("/v1/chat_session/persona", { robot_id: other.id }, ada.auth))).chat,
      ).toBeNull();
      expect((await chat(ada, other.id, "Hello")).system).toContain("Captain Ada, who you are talking with");

      const cleared = await data(
        await api.post("/v1/chat_session/set_persona", { robot_id: nova.id, persona: null }, ada.auth),
      );
      expect(cleared.chat).toBeNull();
      expect((await chat(ada, nova.id, "Back")).system).toContain("Captain Ada, who you are talking with");
    });

    it("creates the chat when there is none yet, as set_model does", async () => {
      const fresh = await create(api, bob, { name: "Fresh" });
      await data(
        await api.post(
          "/v1/chat_session/set_persona",
          { robot_id: fresh.id, persona: { name: "Zed", description: "" } },
          ada.auth,
        ),
      );
      const rows = await database.db.select().from(chatSessions).where(eq(chatSessions.robotId, fresh.id));
      expect(rows.map((r) => r.persona)).toEqual([{ name: "Zed", description: "" }]);
    });

    it("refuses an empty name, a character the user cannot see, and bad values in the database", async () => {
      const hidden = await create(api, bob, { name: "Hidden", visibility: "private" });
      const empty = await api.post(
        "/v1/chat_session/set_persona",
        { robot_id: hidden.id, persona: { name: " ", description: "" } },
        ada.auth,
      );
      expect(empty.status).toBe(400);
      const notFound = await api.post(
        "/v1/chat_session/set_persona",
        { robot_id: hidden.id, persona: { name: "Zed", description: "" } },
        ada.auth,
      );
      expect(notFound.status).toBe(404);
      expect((await api.post("/v1/chat_session/persona", { robot_id: hidden.id }, ada.auth)).status).toBe(404);
      await expect(
        database.db.execute(sql`update chat_sessions set persona = '{"name": ""}'::jsonb`),
      ).rejects.toThrow();
    });
  });

  describe("a character's lorebook", () => {
    it("is saved by create, answered to the editor, kept by an update without it, and removed by null", async () => {
      const made = await create(api, ada, { lorebook: LORE });
      expect(made.lorebook).toMatchObject({
        name: "Skies",
        scan_depth: 2,
        token_budget: 400,
        recursive_scanning: false,
        entries: [
          {
            keys: ["engine"],
            secondary_keys: [],
            selective: false,
            constant: false,
            enabled: true,
            position: "after_char",
          },
          { keys: ["/stars?/i"] },
          { constant: true, position: "before_char" },
          { enabled: false },
        ],
      });
      expect((await definition(made.id, ada)).lorebook).toEqual(made.lorebook);
      const { id: _id, lorebook: _book, ...rest } = made;
      const base = { ...rest, tags: ["sci-fi"], alternate_greetings: ["Back again?"] };
      const kept = await data(
        await api.post("/v1/user/robot/update", { ...base, id: made.id, name: "Renamed" }, ada.auth),
      );
      expect(kept.lorebook).toEqual(made.lorebook);
      const edited = await data(
        await api.post(
          "/v1/user/robot/update",
          {
            ...base,
            id: made.id,
            lorebook: { ...LORE, entries: [{ keys: ["moon"], content: "The moon is hollow." }] },
          },
          ada.auth,
        ),
      );
      expect(edited.lorebook.entries).toHaveLength(1);
      const removed = await data(
        await api.post("/v1/user/robot/update", { ...base, id: made.id, lorebook: null }, ada.auth),
      );
      expect(removed.lorebook).toBeNull();
      const [row] = await database.db.select({ lorebook: robots.lorebook }).from(robots).where(eq(robots.id, made.id));
      expect(row?.lorebook).toBeNull();
    });

    it("refuses an entry without keys that is not constant, and too many entries, with 400", async () => {
      const noKeys = await api.post(
        "/v1/user/robot/create",
        { ...characterInput(), lorebook: { entries: [{ content: "x" }] } },
        ada.auth,
      );
      expect(noKeys.status).toBe(400);
      expect((await body(noKeys)).msg).toMatch(/lorebook\.entries\.0\.keys/);
      const entries = Array.from({ length: LOREBOOK_LIMITS.entries + 1 }, (_, i) => ({
        keys: [`k${i}`],
        content: "x",
      }));
      const tooMany = await api.post("/v1/user/robot/create", { ...characterInput(), lorebook: { entries } }, ada.auth);
      expect(tooMany.status).toBe(400);
      const made = await create(api, ada, { name: "Checked" });
      const rows = JSON.stringify({ entries: entries.map((e) => ({ ...e })) });
      await expect(
        database.db.execute(sql`update robots set lorebook = ${rows}::jsonb where id = ${made.id}`),
      ).rejects.toThrow();
    });

    it("puts the matching entries into the reply's prompt: keys in the newest messages, constant ones, not disabled ones", async () => {
      const made = await create(api, bob, { name: "Pilot", lorebook: LORE });
      const plain = await chat(ada, made.id, "How are you?");
      expect(plain.system).toContain("Space is cold.");
      expect(plain.system).not.toContain("warp core");
      const keyed = await chat(ada, made.id, "Tell me about the ENGINE and the stars");
      expect(keyed.system).toContain("Pilot's engine is a salvaged warp core.");
      expect(keyed.system).not.toContain("Regex keys are text.");
      expect(keyed.system).not.toContain("Disabled entry.");
      expect(keyed.system.indexOf("Space is cold.")).toBeLessThan(keyed.system.indexOf("## Pilot's persona"));
      // Scan depth 2: the new message and the reply before it; the engine is three messages back now.
      const later = await chat(ada, made.id, "Nice weather");
      expect(later.system).not.toContain("warp core");
      expect((await chat(ada, made.id, "I saw /stars?/i written on the wall")).system).toContain(
        "Regex keys are text.",
      );
    });

    it("reads a lorebook a card brought before lorebooks had their own column", async () => {
      const made = await create(api, ada, { name: "Legacy" });
      const book = { entries: [{ keys: ["relic"], content: "The relic glows.", enabled: true }] };
      await database.db
        .update(robots)
        .set({
          lorebook: null,
          cardExtras: sql`jsonb_set(card_extras, '{character_book}', ${JSON.stringify(book)}::jsonb)`,
        })
        .where(eq(robots.id, made.id));
      // The migration's statement, run again on this row.
      await database.db.execute(
        sql.raw(
          `UPDATE "robots" SET "lorebook" = "card_extras"->'character_book', "card_extras" = jsonb_set("card_extras", '{character_book}', 'null'::jsonb) WHERE jsonb_typeof("card_extras"->'character_book') = 'object' AND jsonb_typeof("card_extras"->'character_book'->'entries') = 'array' AND jsonb_array_length("card_extras"->'character_book'->'entries') BETWEEN 1 AND 500 AND octet_length(("card_extras"->'character_book')::text) <= 1048576`,
        ),
      );
      const def = await definition(made.id, ada);
      expect(def.card.character_book).toBeNull();
      expect(def.lorebook.entries).toMatchObject([
        { keys: ["relic"], content: "The relic glows.", insertion_order: 100 },
      ]);
      expect((await chat(ada, made.id, "the relic?")).system).toContain("The relic glows.");
    });
  });
});
