import { and, eq } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { CHAT_CODES } from "../../../lib/contracts/chat";
import type { ChatModelList } from "../../../lib/contracts/chat-client";
import { chatSessions, robots } from "../../db/schema";
import { AppError } from "../../errors";
import { visibleCharacters } from "../catalogue/character-visibility";
import type { SessionUser } from "../sessions/sessions";
import type { ChatDeps } from "./chat-context";
import { describeModel, enabledModels, pickModel } from "./chat-models";
import { chatNotFound, findChat } from "./chat-sessions";
import { readPayerState } from "./payer-state";

/**
 * GET /v1/chat_session/model: the models as this user sees them, and the one the chat with robot_key uses (the
 * chat `chatId`, else the latest; an unknown chat id is answered like no chat: the default model).
 */
export async function listModelsFor(
  deps: ChatDeps,
  user: SessionUser | null,
  robotKey?: string,
  now = new Date(),
  chatId?: string,
): Promise<ChatModelList> {
  const models = await enabledModels(deps.db);
  let sessionModel: string | null = null;
  if (user && robotKey) {
    const [robot] = await deps.db.select({ id: robots.id }).from(robots).where(eq(robots.key, robotKey));
    if (robot) sessionModel = (await findChat(deps.db, user.id, { robotId: robot.id, chatId }))?.modelKey ?? null;
  }
  const payer = user ? await readPayerState(deps.db, user.id, now) : null;
  const perDay = deps.config.CHAT_FREE_REPLIES_PER_DAY;
  const state = {
    signedIn: user !== null,
    plan: payer?.plan ?? null,
    balance: payer?.balance ?? 0,
    freeRepliesLeft: !payer || payer.plan?.unlimitedStandard ? null : Math.max(0, perDay - payer.freeUsed),
  };
  return {
    list: models.map((m) => describeModel(m, deps.llm, state)),
    current: pickModel(models, sessionModel)?.key ?? "",
  };
}

/**
 * POST /v1/chat_session/set_model: the chat `chat_id` (else the latest chat with this character, created if there
 * is none) continues on model.
 */
export async function setSessionModel(
  deps: ChatDeps,
  user: SessionUser,
  viewer: Viewer,
  input: { robot_id: number; model: string; chat_id?: string | undefined },
): Promise<{ current: string }> {
  const models = await enabledModels(deps.db);
  const model = models.find((m) => m.key === input.model);
  if (!model) throw new AppError(400, CHAT_CODES.MODEL_UNAVAILABLE, "This model is not available. Choose another one.");
  // An NSFW character before the age check is not found here, like an invisible one.
  const [robot] = await deps.db
    .select({ id: robots.id })
    .from(robots)
    .where(
      and(
        eq(robots.id, input.robot_id),
        visibleCharacters({ opening: true, owner: user.id, nsfw: viewer.ageVerified }),
      ),
    );
  if (!robot) throw new AppError(404, 404, "Character not found");
  const chat = await findChat(deps.db, user.id, { robotId: robot.id, chatId: input.chat_id });
  if (chat) {
    await deps.db.update(chatSessions).set({ modelKey: model.key }).where(eq(chatSessions.id, chat.id));
  } else if (input.chat_id !== undefined) {
    throw chatNotFound();
  } else {
    // The first chat with the character; a choice does not count as activity, so it is dated like a new chat.
    await deps.db.insert(chatSessions).values({ userId: user.id, robotId: robot.id, modelKey: model.key });
  }
  return { current: model.key };
}
