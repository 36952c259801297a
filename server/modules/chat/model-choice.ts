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
import { findSession } from "./chat-history";
import { readPayerState } from "./payer-state";

/** GET /v1/chat_session/model: the models as this user sees them, and the one the chat with robot_key uses. */
export async function listModelsFor(
  deps: ChatDeps,
  user: SessionUser | null,
  robotKey?: string,
  now = new Date(),
): Promise<ChatModelList> {
  const models = await enabledModels(deps.db);
  let sessionModel: string | null = null;
  if (user && robotKey) {
    const [robot] = await deps.db.select({ id: robots.id }).from(robots).where(eq(robots.key, robotKey));
    if (robot) sessionModel = (await findSession(deps.db, user.id, robot.id))?.modelKey ?? null;
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

/** POST /v1/chat_session/set_model: the chat with this character continues on model (created if needed). */
export async function setSessionModel(
  deps: ChatDeps,
  user: SessionUser,
  viewer: Viewer,
  input: { robot_id: number; model: string },
): Promise<{ current: string }> {
  const models = await enabledModels(deps.db);
  const model = models.find((m) => m.key === input.model);
  if (!model) throw new AppError(400, CHAT_CODES.MODEL_UNAVAILABLE, "This model is not available. Choose another one.");
  // An NSFW character before the age check is not found here, like an invisible one.
  const [robot] = await deps.db
    .select({ id: robots.id })
    .from(robots)
    .where(and(eq(robots.id, input.robot_id), visibleCharacters({ opening: true, owner: user.id, nsfw: viewer.ageVerified })));
  if (!robot) throw new AppError(404, 404, "Character not found");
  await deps.db
    .insert(chatSessions)
    .values({ userId: user.id, robotId: robot.id, modelKey: model.key })
    .onConflictDoUpdate({ target: [chatSessions.userId, chatSessions.robotId], set: { modelKey: model.key } });
  return { current: model.key };
}
