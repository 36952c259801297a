/**
 * The baselines of bench/payments.ts, on the same Postgres database with a pg pool of the same size as the app's:
 * a plain node:http server that stores each posted event with one INSERT (no signature check, no re-read, no
 * effect), and a wallet spend that is one conditional UPDATE (no ledger, no idempotency reference).
 */
import http from "node:http";
import type pg from "pg";
import { closeServer, listen, onCleanup } from "./harness";

export interface PlainEventServer {
  port: number;
  stop: () => Promise<void>;
}

export async function startPlainEventServer(pool: pg.Pool): Promise<PlainEventServer> {
  await pool.query(
    `create table bench_plain_events (provider text not null, event_id text not null, payload jsonb not null,
       received_at timestamptz not null default now(), primary key (provider, event_id))`,
  );
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const { id } = JSON.parse(text) as { id: string };
      pool
        .query(
          "insert into bench_plain_events (provider, event_id, payload) values ('stripe', $1, $2) on conflict do nothing",
          [id, text],
        )
        .then(
          () => {
            res.writeHead(200, { "content-type": "application/json" });
            res.end('{"code":0}');
          },
          (err: unknown) => {
            res.writeHead(500);
            res.end(String(err));
          },
        );
    });
  });
  const port = await listen(server);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await closeServer(server);
  };
  onCleanup("plain event server", stop);
  return { port, stop };
}

export async function plainEventRows(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("select count(*) as n from bench_plain_events");
  return Number(rows[0]!.n);
}

/** A wallet per user with `balance` coins, in a table of its own with the same CHECK (balance >= 0). */
export async function createPlainWallets(pool: pg.Pool, users: number, balance: number): Promise<void> {
  await pool.query(
    "create table bench_plain_wallets (user_id int primary key, balance int not null check (balance >= 0))",
  );
  await pool.query("insert into bench_plain_wallets select g, $1 from generate_series(1, $2) g", [balance, users]);
}

/** One coin off, when there is one: the balance after, or null when the wallet was empty. */
export async function plainSpend(pool: pg.Pool, userId: number): Promise<number | null> {
  const result = await pool.query<{ balance: number }>(
    "update bench_plain_wallets set balance = balance - 1 where user_id = $1 and balance >= 1 returning balance",
    [userId],
  );
  return result.rows[0]?.balance ?? null;
}

export async function plainBalances(pool: pg.Pool): Promise<{ sum: number; min: number }> {
  const { rows } = await pool.query<{ sum: string; min: number }>(
    "select coalesce(sum(balance), 0) as sum, coalesce(min(balance), 0) as min from bench_plain_wallets",
  );
  return { sum: Number(rows[0]!.sum), min: rows[0]!.min };
}
