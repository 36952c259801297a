import diagnostics_channel from "node:diagnostics_channel";
import { performance } from "node:perf_hooks";
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import { PGLITE_STATEMENT_CHANNEL, type PgliteStatementMessage } from "./pglite-statement-channel";

const { serialize } = protocol;

const statementChannel = diagnostics_channel.channel(PGLITE_STATEMENT_CHANNEL);

/** Statements kept prepared; the least recently used one is closed beyond this. */
const MAX_STATEMENTS = 200;
/**
 * The prepared statement can no longer run as prepared, and is prepared again: invalid_sql_statement_name (26000,
 * gone after DEALLOCATE ALL) and feature_not_supported (0A000, "cached plan must not change result type" after a
 * schema change altered what it returns).
 */
const STALE_STATEMENT = new Set(["26000", "0A000"]);

interface Prepared {
  name: string;
  /** The parameters' type OIDs, which pick PGlite's serializer for each value. */
  paramTypes: number[];
}

/** Several clients may share one PGlite (each drizzle instance over it), so statement names carry the client's number. */
let clients = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function errorCode(err: unknown): unknown {
  return typeof err === "object" && err !== null && "code" in err ? err.code : undefined;
}

/**
 * A PGlite client for drizzle that runs each statement on a named prepared statement, in one protocol exchange.
 *
 * PGlite's own `query` parses and plans every statement again and makes six calls into the database for it
 * (Parse, Describe, Bind, Describe, Execute, Sync). Here a statement's text is parsed once, and each run is
 * Bind, Describe, Execute and Sync sent together. Postgres then plans with the parameters' values for a
 * statement's first five runs, and afterwards keeps a generic plan only when it is estimated no worse: the rule
 * node-postgres and postgres.js clients live by on a real server.
 *
 * Locking, errors and results follow PGlite's `query`: a statement outside a transaction waits for any transaction
 * to end, results are parsed by PGlite's own parser with the caller's options, and database errors are PGlite's.
 */
export function preparedStatementsClient(pg: PGlite): PGlite {
  const statements = new Map<string, Prepared>();
  /** Names of stale statements, closed in the next prepare's exchange (Close of a missing name is no error). */
  const toClose: string[] = [];
  const prefix = `kewl_c${++clients}_s`;
  let counter = 0;

  const exchange = (messages: Uint8Array[]) => pg.execProtocolStream(concat(messages), { syncToFs: false });

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `${prefix}${++counter}`;
    const messages = [
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ];
    if (statements.size >= MAX_STATEMENTS) {
      // The least recently used statement is closed in the same exchange.
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestText);
      toClose.push(oldest.name);
    }
    // Close runs before the Parse in the same exchange.
    for (const stale of toClose.splice(0)) messages.unshift(serialize.close({ type: "S", name: stale }));
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(await exchange(messages)) };
    statements.set(text, prepared);
    return prepared;
  }

  function serializeParams(
    params: unknown[],
    prepared: Prepared,
    options: QueryOptions | undefined,
  ): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = prepared.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? pg.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
  }

  /**
   * Runs one statement; the caller holds PGlite's query lock. A stale statement is prepared again and run once more,
   * except inside a transaction, which the failed run has aborted: there the error stands and the next run prepares.
   */
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
    retried = false,
  ): Promise<Results<T>> {
    let prepared = statements.get(text);
    if (prepared) {
      // Map order is recency order: move it to the end.
      statements.delete(text);
      statements.set(text, prepared);
    } else {
      prepared = await prepare(text, options);
    }
    try {
      const started = statementChannel.hasSubscribers ? performance.now() : -1;
      const messages = await exchange([
        serialize.bind({ statement: prepared.name, values: serializeParams(params, prepared, options) }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      const result = parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
      if (started >= 0)
        statementChannel.publish({
          text,
          ms: performance.now() - started,
          rows: result.rows.length,
        } satisfies PgliteStatementMessage);
      return result;
    } catch (err) {
      const code = errorCode(err);
      if (typeof code === "string" && STALE_STATEMENT.has(code)) {
        statements.delete(text);
        toClose.push(prepared.name);
        if (!inTransaction && !retried) return run(text, params, options, inTransaction, true);
      }
      throw err;
    }
  }

  const overrides: Pick<PGlite, "query" | "transaction"> = {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      await pg._checkReady();
      return pg._runExclusiveTransaction(async () => {
        const result = await pg._runExclusiveQuery(() => run<T>(text, params, options, false));
        await pg.syncToFs();
        return result;
      });
    },
    transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      return pg.transaction((tx) =>
        callback({
          // The transaction lock is held already; only the query lock is taken, as PGlite does.
          query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
            if (tx.closed) throw new Error("Transaction is closed");
            return pg._runExclusiveQuery(() => run<R>(text, params, options, true));
          },
          sql: tx.sql,
          exec: tx.exec,
          rollback: tx.rollback,
          listen: tx.listen,
          get closed() {
            return tx.closed;
          },
        }),
      );
    },
  };
  // drizzle takes a PGlite: this is that PGlite with `query` and `transaction` replaced; anything else is its own.
  return new Proxy(pg, {
    get(target, property) {
      if (property === "query") return overrides.query;
      if (property === "transaction") return overrides.transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
