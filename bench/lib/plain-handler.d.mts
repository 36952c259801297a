import type http from "node:http";

/** See plain-handler.mjs. */
export function createPlainHandler(options: {
  endpoint: string;
  /** Result keys in column order. */
  fields: string[];
  /** > 0: keep the list in memory that long (ms). */
  cacheMs: number;
  /** Runs the query and resolves with its rows as arrays. */
  query: () => Promise<unknown[][]>;
}): (req: http.IncomingMessage, res: http.ServerResponse) => void;
