/**
 * PGlite's statements in a bench server child (server/db/pglite-prepared-client.ts publishes each run), collected
 * for one window and summed up per statement text: runs, rows and milliseconds. PGlite runs on the server's thread,
 * so this is the database's share of the server's CPU, statement by statement.
 */
import diagnostics_channel from "node:diagnostics_channel";
import { PGLITE_STATEMENT_CHANNEL, type PgliteStatementMessage } from "../../server/db/pglite-statement-channel";

export interface StatementFigure {
  /** The statement's first words, white space folded. */
  statement: string;
  runs: number;
  rows: number;
  ms: number;
}

export interface StatementFigures {
  /** Every statement's time in the window (ms). */
  totalMs: number;
  /** The costliest statements, most first. */
  top: StatementFigure[];
}

const SHOWN = 6;
const SHOWN_CHARS = 90;

/** Listens from now on; `clear` starts a new window, `figures` sums it up (null when no statement ran). */
export function collectPgliteStatements(): { clear(): void; figures(): StatementFigures | null } {
  const byText = new Map<string, StatementFigure>();
  diagnostics_channel.subscribe(PGLITE_STATEMENT_CHANNEL, (message) => {
    const { text, ms, rows } = message as PgliteStatementMessage;
    let figure = byText.get(text);
    if (!figure) {
      figure = { statement: text.replace(/\s+/g, " ").trim().slice(0, SHOWN_CHARS), runs: 0, rows: 0, ms: 0 };
      byText.set(text, figure);
    }
    figure.runs += 1;
    figure.rows += rows;
    figure.ms += ms;
  });
  return {
    clear: () => byText.clear(),
    figures: () => {
      if (byText.size === 0) return null;
      const all = [...byText.values()].sort((a, b) => b.ms - a.ms);
      return { totalMs: all.reduce((sum, f) => sum + f.ms, 0), top: all.slice(0, SHOWN) };
    },
  };
}
