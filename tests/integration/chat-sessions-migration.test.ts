import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { MIGRATIONS_DIR, openDatabase, type OpenOptions } from "@/server/db/open-database";
import { seedDemo } from "@/server/db/seed/seed-demo";
import { createSession } from "@/server/modules/sessions/sessions";
import type { DbHandle } from "@/server/db/types";
import { adminClient, withDatabase } from "./helpers/postgres-admin";
import { createTestApi } from "./helpers/test-api";
import { testDrivers } from "./helpers/test-database";

/** Either driver's answer to db.execute: its rows, each with an id. */
const idRows = z.object({ rows: z.array(z.object({ id: z.union([z.number(), z.string()]) })).min(1) });

const MIGRATION = "0018_several-chats-per-character";

/** A copy of the migrations folder that stops just before `tag` (its journal and files). */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-migrations-"));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  for (const entry of journal.entries.slice(cut)) fs.rmSync(path.join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Opens the database at the migrations before it, lets `before` write, then opens it again migrated to the end. */
async function acrossMigration(driver: "pglite" | "postgres", before: (handle: DbHandle) => Promise<void>) {
  const older = migrationsBefore(MIGRATION);
  let reopen: OpenOptions;
  let drop = async () => undefined as void;
  if (driver === "pglite") {
    const handle = await openDatabase({ dataDir: "memory://", migrationsDir: older });
    await before(handle);
    const dump = await handle.dumpDataDir!();
    await handle.close();
    reopen = { dataDir: "memory://", loadDataDir: dump };
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `kewl_m_${randomBytes(6).toString("hex")}`;
    const admin = await adminClient(adminUrl);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = withDatabase(adminUrl, name);
    const handle = await openDatabase({ databaseUrl: url, migrationsDir: older, poolSize: 2 });
    await before(handle);
    await handle.close();
    reopen = { databaseUrl: url, poolSize: 2 };
    drop = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }
  fs.rmSync(older, { recursive: true, force: true });
  return { handle: await openDatabase(reopen), drop };
}

describe.each(testDrivers())("migration 0018 (several chats per character) on %s", (driver) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("keeps an existing conversation, which is then the latest chat and can have siblings", async () => {
    let userId = "";
    let robotId = 0;
    let sessionId = "";
    const { handle, drop } = await acrossMigration(driver, async ({ db }) => {
      // Written with SQL as the schema before 0018 has it: the code's schema (and so the seed) is newer.
      const user = await db.execute(
        sql`insert into users (key, name, email) values ('old_timer', 'Old timer', 'old@example.test') returning id`,
      );
      userId = String(idRows.parse(user).rows[0]!.id);
      const robot = await db.execute(
        sql`insert into robots (key, name) values ('old-friend', 'Old Friend') returning id`,
      );
      robotId = Number(idRows.parse(robot).rows[0]!.id);
      const session = await db.execute(
        sql`insert into chat_sessions (user_id, robot_id) values (${userId}, ${robotId}) returning id`,
      );
      sessionId = String(idRows.parse(session).rows[0]!.id);
      await db.execute(sql`insert into chat_messages (session_id, role, content) values
        (${sessionId}, 'user', 'Do you remember me?'), (${sessionId}, 'assistant', 'Of course I do.')`);
      // The old rule: one chat per user and character.
      await expect(
        db.execute(sql`insert into chat_sessions (user_id, robot_id) values (${userId}, ${robotId})`),
      ).rejects.toThrow();
    });
    cleanups.push(async () => {
      await handle.close();
      await drop();
    });
    await seedDemo(handle.db); // the chat models
    const { token } = await createSession(handle.db, userId, false);
    const api = createTestApi(handle);
    const auth = { authorization: `Bearer ${token}` };

    const history = await (await api.post("/v1/chat_session/history", { robot_id: robotId }, auth)).json();
    expect(history.data).toMatchObject({ session_id: sessionId });
    expect(history.data.list.map((m: { content: string }) => m.content)).toEqual([
      "Do you remember me?",
      "Of course I do.",
    ]);
    const created = await api.post("/v1/chat_session/create", { robot_id: robotId }, auth);
    expect(created.status).toBe(200);
    const list = (await (await api.post("/v1/chat_session/list", { robot_id: robotId }, auth)).json()).data.list;
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ id: sessionId, title: null, preview: "Do you remember me?", message_count: 2 });
  });
});
