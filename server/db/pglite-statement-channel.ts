/**
 * Each PGlite statement's run, published on this diagnostics channel by pglite-prepared-client.ts while something
 * subscribes (bench/chat-relay.ts sums them up per statement), and a property check otherwise. PGlite runs in the
 * server's own thread, so this is where a reply's database work shows in the server's CPU.
 */
export const PGLITE_STATEMENT_CHANNEL = "kewl:pglite-statement";

export interface PgliteStatementMessage {
  /** The statement's text. */
  text: string;
  /** From sending the run to its rows parsed (ms). */
  ms: number;
  rows: number;
}
