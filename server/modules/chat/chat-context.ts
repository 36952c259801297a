import type { Config } from "../../config";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import type { LlmProvider } from "../../providers/llm/types";
import type { KeyValueStore } from "../limits/key-value-store";

/** What the chat module needs from the process. */
export interface ChatDeps {
  db: Db;
  llm: LlmProvider;
  store: KeyValueStore;
  config: Config;
  logger: Logger;
}
