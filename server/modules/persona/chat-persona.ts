import { and, eq } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { ChatPersonaAnswer } from "../../../lib/contracts/persona-client";
import type { Persona } from "../../../lib/validation/persona-rules";
import { chatSessions, robots, users } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";
import { visibleCharacters } from "../catalogue/character-visibility";
import { readChatPersona } from "../chat/chat-persona-column";
import { chatCondition, chatNotFound, findChat } from "../chat/chat-sessions";

/** The character, when the user may chat with it (an NSFW one only after the age check, like set_model). */
async function requireCharacter(db: Db, userId: string, viewer: Viewer, robotId: number): Promise<number> {
  const [robot] = await db
    .select({ id: robots.id })
    .from(robots)
    .where(and(eq(robots.id, robotId), visibleCharacters({ opening: true, owner: userId, nsfw: viewer.ageVerified })));
  if (!robot) throw new AppError(404, 404, "Character not found");
  return robot.id;
}

async function answer(db: Db, userId: string, robotId: number, chatId?: string): Promise<ChatPersonaAnswer> {
  const [row] = await db
    .select({
      nickname: users.name,
      name: users.personaName,
      description: users.personaDescription,
      chat: chatSessions.persona,
    })
    .from(users)
    .leftJoin(chatSessions, chatCondition(users.id, robotId, chatId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError(404, 404, "User not found");
  return {
    chat: readChatPersona(row.chat),
    user: { name: row.name, description: row.description },
    nickname: row.nickname,
  };
}

/** POST /v1/chat_session/persona: the chat's own persona (or null) and the user's. */
export async function readChatPersonaOf(
  db: Db,
  userId: string,
  viewer: Viewer,
  input: { robot_id: number; chat_id?: string | undefined },
): Promise<ChatPersonaAnswer> {
  const robotId = await requireCharacter(db, userId, viewer, input.robot_id);
  if (input.chat_id !== undefined && !(await findChat(db, userId, { robotId, chatId: input.chat_id }))) {
    throw chatNotFound();
  }
  return answer(db, userId, robotId, input.chat_id);
}

/** POST /v1/chat_session/set_persona: the chat continues as `persona` (null: the user's own). */
export async function setChatPersona(
  db: Db,
  userId: string,
  viewer: Viewer,
  input: { robot_id: number; chat_id?: string | undefined; persona: Persona | null },
): Promise<ChatPersonaAnswer> {
  const robotId = await requireCharacter(db, userId, viewer, input.robot_id);
  const chat = await findChat(db, userId, { robotId, chatId: input.chat_id });
  if (!chat && input.chat_id !== undefined) throw chatNotFound();
  if (chat) {
    await db.update(chatSessions).set({ persona: input.persona }).where(eq(chatSessions.id, chat.id));
    return answer(db, userId, robotId, chat.id);
  }
  const [created] = await db
    .insert(chatSessions)
    .values({ userId, robotId, persona: input.persona })
    .returning({ id: chatSessions.id });
  return answer(db, userId, robotId, created?.id);
}
