import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import { createSelectSchema } from "drizzle-zod";
import { z } from "zod";
import type { ChatModel } from "../../../lib/contracts/chat-client";
import { chatModels } from "../../db/schema";
import type { Db } from "../../db/types";
import type { LlmProvider } from "../../providers/llm/types";
import type { PlanBenefits } from "../billing/plan-benefits";
import { coinCostFor } from "./metering";

export type ModelRow = typeof chatModels.$inferSelect;

const DEMO_SUFFIX = " (offline demo)";

const isEnabled = eq(chatModels.enabled, true);
const modelOrder = [asc(chatModels.sort), asc(chatModels.key)];

export async function enabledModels(db: Db): Promise<ModelRow[]> {
  return db
    .select()
    .from(chatModels)
    .where(isEnabled)
    .orderBy(...modelOrder);
}

/** Every column of a model row as a JSON object keyed like ModelRow (the keys are the schema's property names). */
const modelRowJson = sql`json_build_object(${sql.join(
  Object.entries(getTableColumns(chatModels)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
)})`;

/**
 * enabledModels() as one JSON array, for a statement that reads the models along with other things (the chat
 * send's context read); parse it with enabledModelsColumn.
 */
export const enabledModelsJson = sql<unknown>`(select
  coalesce(json_agg(${modelRowJson} order by ${sql.join(modelOrder, sql`, `)}), '[]'::json)
  from ${chatModels} where ${isEnabled})`;

export const enabledModelsColumn: z.ZodType<ModelRow[]> = z.array(createSelectSchema(chatModels));

/** The model new chats start on: the first free one, else the first one. */
export function defaultModel(models: ModelRow[]): ModelRow | undefined {
  return models.find((m) => m.coinCost === 0) ?? models[0];
}

/** The session's model when it is still enabled, else the default. */
export function pickModel(models: ModelRow[], key: string | null | undefined): ModelRow | undefined {
  return (key ? models.find((m) => m.key === key) : undefined) ?? defaultModel(models);
}

export interface ModelViewerState {
  signedIn: boolean;
  /** The held plan's benefits in its paid period, else null. */
  plan: PlanBenefits | null;
  balance: number;
  freeRepliesLeft: number | null;
}

/** A model as this user sees it: their cost, and whether a reply could be paid right now. */
export function describeModel(model: ModelRow, llm: LlmProvider, state: ModelViewerState): ChatModel {
  const cost = coinCostFor(model, state.plan);
  let reason: string | null = null;
  if (state.signedIn) {
    if (cost > 0 && state.balance < cost) reason = `Needs ${cost} coin${cost === 1 ? "" : "s"} per reply`;
    else if (cost === 0 && state.freeRepliesLeft === 0) reason = "Today's free replies are used up";
  }
  return {
    key: model.key,
    name: llm.isDemo ? `${model.name}${DEMO_SUFFIX}` : model.name,
    description: model.description,
    coin_cost: cost,
    premium: model.premium,
    demo: llm.isDemo,
    available: reason === null,
    reason,
  };
}
