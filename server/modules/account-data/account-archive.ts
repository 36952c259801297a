import { asc, eq, inArray } from "drizzle-orm";
import { chatMemories, chatSessions, robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError, errors } from "../../errors";
import type { StorageProvider } from "../../providers/storage/types";
import { chatExportFile } from "../chat/chat-export";
import { exportBaseName } from "../chat/export-formats";
import { exportCard } from "../creation/card-export";
import { readStoredAvatar } from "../files/stored-avatar";
import type { SessionUser } from "../sessions/sessions";
import type { AccountDataDeps } from "./account-data-context";
import { spendArchive } from "./account-data-limits";
import { readArchiveProfile } from "./archive-profile";
import { zipStream, type ArchiveEntry } from "./zip-stream";

export interface AccountArchive {
  baseName: string;
  body: ReadableStream<Uint8Array>;
}

/** A name fit for a path inside the archive: no separators, controls or characters Windows refuses. */
function pathPart(name: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, "_")
    .trim()
    .slice(0, 80);
  return cleaned.replace(/^\.+/, "_") || "untitled";
}

/**
 * GET /v1/user/export: everything of the account as one zip, written as it downloads: profile.json (the account,
 * with an index of the files), each of the user's characters as a Character Card PNG (card-export.ts) and each of
 * their chats as SillyTavern's JSONL (chat-export.ts), whatever the character's visibility is now: the messages
 * are theirs.
 */
export async function openAccountArchive(deps: AccountDataDeps, user: SessionUser): Promise<AccountArchive> {
  await spendArchive(deps.store, user.id);
  const { db } = deps;
  const profile = await readArchiveProfile(db, user.id);
  if (!profile) throw errors.unauthorized("Authentication expired");
  const characters = await db
    .select({ id: robots.id, key: robots.key, name: robots.name, visibility: robots.visibility })
    .from(robots)
    .where(eq(robots.creatorId, user.id))
    .orderBy(asc(robots.createdAt), asc(robots.id));
  const chats = await readChats(db, user.id);
  const index = {
    exported_at: new Date().toISOString(),
    ...profile,
    characters: characters.map((c) => ({
      id: c.id,
      key: c.key,
      name: c.name,
      visibility: c.visibility,
      file: `characters/${pathPart(c.name)}-${c.id}.png`,
    })),
    chats: chats.map(({ session, robot, memory }) => ({
      id: session.id,
      character: { id: session.robotId, name: robot.name },
      title: session.title,
      created_at: session.createdAt.toISOString(),
      last_message_at: session.lastMessageAt.toISOString(),
      memory,
      file: chatPath(robot.name, session),
    })),
  };
  return {
    baseName: `kewl-${user.key}-${index.exported_at.slice(0, 10)}`,
    body: zipStream(entries(deps, user, index, chats)),
  };
}

type ChatRows = Awaited<ReturnType<typeof readChats>>;

function chatPath(characterName: string, session: { id: string; title: string | null; createdAt: Date }): string {
  const base = exportBaseName({ characterName, title: session.title, createdAt: session.createdAt, userName: "" });
  return `chats/${pathPart(base)} - ${session.id.slice(0, 8)}.jsonl`;
}

async function readChats(db: Db, userId: string) {
  const rows = await db
    .select({
      session: chatSessions,
      robot: { name: robots.name, greeting: robots.greeting, alternates: robots.alternateGreetings },
    })
    .from(chatSessions)
    .innerJoin(robots, eq(robots.id, chatSessions.robotId))
    .where(eq(chatSessions.userId, userId))
    .orderBy(asc(chatSessions.createdAt), asc(chatSessions.id));
  const ids = rows.map((r) => r.session.id);
  const memories = ids.length
    ? await db
        .select({ sessionId: chatMemories.sessionId, summary: chatMemories.summary, facts: chatMemories.facts })
        .from(chatMemories)
        .where(inArray(chatMemories.sessionId, ids))
    : [];
  return rows.map((r) => {
    const memory = memories.find((m) => m.sessionId === r.session.id);
    return { ...r, memory: memory ? { summary: memory.summary, facts: memory.facts } : null };
  });
}

async function* entries(
  deps: AccountDataDeps,
  user: SessionUser,
  index: { characters: { id: number; file: string }[] },
  chats: ChatRows,
): AsyncGenerator<ArchiveEntry> {
  const { db, storage } = deps;
  yield { name: "profile.json", body: new TextEncoder().encode(`${JSON.stringify(index, null, 2)}\n`) };
  for (const character of index.characters) {
    const card = await ownCard(db, storage, user.id, character.id);
    if (card) yield { name: character.file, body: card, stored: true };
  }
  for (const { session, robot } of chats) {
    const file = await chatExportFile(db, user, robot, session, "jsonl");
    yield { name: chatPath(robot.name, session), body: file.body };
  }
}

/** The character's PNG card, or null when it was deleted since the archive began. */
async function ownCard(db: Db, storage: StorageProvider, userId: string, id: number): Promise<Uint8Array | null> {
  try {
    const card = await exportCard(
      db,
      { id, format: "png" },
      { userId, viewer: { ageVerified: true, nsfw: true } },
      (url) => readStoredAvatar(url, storage),
    );
    return card.body;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}
