/**
 * Payments on Postgres, each figure next to a plain single-statement baseline measured in the same run. Prints
 * figures only; never asserts on them. See bench/README.md.
 *
 *   npm run bench:payments [-- --events 2000] [--duplicates 0.2] [--senders 50] [--users 50] [--spends 240]
 *                             [--balance 200] [--warmup 200] [--cpu-prof DIR]
 *
 * (a) Stripe events fulfilled per second through POST /v1/payment/stripe/webhook over HTTP (keep-alive), from
 *     `--senders` concurrent senders: `--events` distinct checkout.session.completed events of coin orders made
 *     through POST /v1/buy_coin/create, plus `--duplicates` of them delivered again, shuffled. Each delivery is
 *     signature-checked, re-reads its session from the Stripe-compatible test server (tests/support, in this
 *     process) and credits the order in one transaction. Our API runs in a child process of its own (no Next), so
 *     its CPU column is the server's alone; the senders and the test server stay here. Afterwards: doubled (an
 *     order credited more than once) and lost (an order not credited, an event not recorded) must both be 0, and
 *     the buyers' balances must equal the coins ordered. Baseline: a plain node:http server, also in a child,
 *     storing each delivery with one INSERT ... ON CONFLICT DO NOTHING.
 * (b) Wallet spends per second from `--users` concurrent users, each making `--spends` 1-coin spends against a
 *     balance of `--balance` (so some are refused): spendCoins (ledger row with a unique reference, conditional
 *     update, one transaction), called in this process. Afterwards the lowest balance (never below 0) and ledger
 *     sum = balances. Baseline: one `update ... set balance = balance - 1 where user_id = $1 and balance >= 1` per
 *     spend. Both get a warm-up round first.
 *
 * CPU columns: the server's (the child's for (a), this process's for (b)) and the local Postgres server's (from
 * /proc; n/a when the database is elsewhere), in ms per 1,000 events or attempts. --cpu-prof DIR: both children
 * write CPU profiles into DIR/ours and DIR/plain (the larger file is the main thread; open it in Chrome DevTools).
 *
 * Database: BENCH_DATABASE_URL ?? DATABASE_URL ?? postgresql://postgres@127.0.0.1:5432/postgres is the admin URL;
 * a fresh database kewl_bench_payments_<random> is created, migrated and dropped at the end (also on Ctrl-C).
 */
import os from "node:os";
import path from "node:path";
import { eachFlag, intFlag, out, runBench } from "./lib/harness";
import { cpuMeter, fixed, perSecond, poster, runPool, shuffle, type Reply } from "./lib/payments-load";
import { createPlainWallets, plainBalances, plainEventRows, plainSpend } from "./lib/payments-plain";
import { createBuyers, openWorld, paidOrders, signedDeliveries, type PaymentsWorld } from "./lib/payments-setup";
import { DEFAULT_ADMIN_URL } from "./lib/scratch-database";
import { startPaymentsChild } from "./lib/start-payments-child";

interface Options {
  events: number;
  duplicates: number;
  senders: number;
  users: number;
  spends: number;
  balance: number;
  warmup: number;
  cpuProf?: string;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = {
    events: 2000,
    duplicates: 0.2,
    senders: 50,
    users: 50,
    spends: 240,
    balance: 200,
    warmup: 200,
  };
  eachFlag(argv, (flag, arg, value) => {
    if (flag === "--events") opts.events = intFlag(flag, value(), 1);
    else if (flag === "--senders") opts.senders = intFlag(flag, value(), 1);
    else if (flag === "--users") opts.users = intFlag(flag, value(), 1);
    else if (flag === "--spends") opts.spends = intFlag(flag, value(), 1);
    else if (flag === "--balance") opts.balance = intFlag(flag, value(), 0);
    else if (flag === "--warmup") opts.warmup = intFlag(flag, value(), 0);
    else if (flag === "--cpu-prof") opts.cpuProf = path.resolve(value() ?? "bench-profiles");
    else if (flag === "--duplicates") {
      const share = Number(value());
      if (!(share >= 0 && share <= 1)) throw new Error("--duplicates needs a share between 0 and 1");
      opts.duplicates = share;
    } else throw new Error(`unknown flag ${arg}`);
  });
  return opts;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** A pg pool on the bench database for the baselines, the size of the app's (openDatabase's default, 10). */
async function plainPool(url: string) {
  const { default: pg } = await import("pg");
  return new pg.Pool({ connectionString: url, max: 10 });
}

function outcomes(replies: Reply[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const reply of replies) {
    let key = `http ${reply.status}`;
    if (reply.status === 200) {
      const parsed = JSON.parse(reply.body) as { data?: { outcome?: string } };
      key = parsed.data?.outcome ?? "200";
    }
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

interface Run<R> {
  results: R[];
  ms: number;
  cpu: { serverMs: number; postgresMs: number | null };
}

/** Runs the jobs, timing them and metering the server's CPU (a child's, or this process's) and Postgres's. */
async function measured<T, R>(
  jobs: readonly T[],
  width: number,
  task: (job: T) => Promise<R>,
  serverCpuMs?: () => Promise<number>,
): Promise<Run<R>> {
  const meter = await cpuMeter(serverCpuMs);
  const { results, ms } = await runPool(jobs, width, task);
  return { results, ms, cpu: await meter.stop() };
}

/** The figures' table: per second of the first count, per second of the second, wall time, CPU per item. */
function table(headings: [string, string], rows: Array<[string, Run<unknown>, number, number]>): void {
  out(
    `  ${"".padEnd(46)}${headings[0].padStart(13)}${headings[1].padStart(12)}${"wall s".padStart(8)}` +
      `${"server CPU".padStart(11)}${"pg CPU".padStart(9)}  (ms per 1,000)`,
  );
  for (const [label, run, first, second] of rows) {
    const per1000 = (ms: number | null) => (ms === null ? "n/a" : fixed((ms * 1000) / second));
    out(
      `  ${label.padEnd(46)}${fixed(perSecond(first, run.ms)).padStart(13)}${fixed(perSecond(second, run.ms)).padStart(12)}` +
        `${fixed(run.ms / 1000, 2).padStart(8)}${per1000(run.cpu.serverMs).padStart(11)}${per1000(run.cpu.postgresMs).padStart(9)}`,
    );
  }
}

async function benchEvents(world: PaymentsWorld, opts: Options): Promise<void> {
  const { and, eq, inArray, sql } = await import("drizzle-orm");
  const { paymentEvents, walletLedger, wallets } = await import("../server/db/schema");
  const share = Math.round(opts.duplicates * 100);
  out(`\n(a) Stripe events through the webhook: ${opts.events} orders, +${share}% duplicates, ${opts.senders} senders`);
  const setupStart = performance.now();
  const all = await paidOrders(world, opts.warmup + opts.events);
  const warm = all.slice(0, opts.warmup);
  const orders = all.slice(opts.warmup);
  const setupS = fixed((performance.now() - setupStart) / 1000, 1);
  out(`  setup: ${all.length} coin orders through POST /v1/buy_coin/create, paid on the test server (${setupS} s)`);

  const events = orders.map((o) => o.event);
  const duplicates = shuffle([...events]).slice(0, Math.round(events.length * opts.duplicates));
  const client = poster(world.api.port, opts.senders);
  const plain = await startPaymentsChild("plain", world.url, {}, opts.cpuProf);
  const plainClient = poster(plain.port, opts.senders);
  const pool = await plainPool(world.url);
  try {
    // Warm-up: other orders through our endpoint, as many inserts through the baseline.
    const warmEvents = warm.map((o) => o.event);
    await runPool(signedDeliveries(warmEvents, []), opts.senders, (post) => client.post(post));
    const warmPlain = warmEvents.map((event) => ({ ...event, id: `${event.id}_warm` }));
    await runPool(signedDeliveries(warmPlain, []), opts.senders, (post) => plainClient.post(post));

    const deliveries = shuffle(signedDeliveries(events, duplicates));
    const baseline = await measured(deliveries, opts.senders, (post) => plainClient.post(post), plain.cpuMs);
    const here = process.cpuUsage();
    const ours = await measured(deliveries, opts.senders, (post) => client.post(post), world.api.cpuMs);
    const hereUsed = process.cpuUsage(here);

    const { db } = world.handle;
    const codes = orders.map((o) => `order:${o.orderCode}`);
    const userIds = [...new Set(orders.map((o) => o.userId))];
    const expected = orders.reduce((sum, o) => sum + o.coins, 0);
    const credits = await db
      .select({ reference: walletLedger.reference, n: sql<number>`count(*)::int` })
      .from(walletLedger)
      .where(inArray(walletLedger.reference, codes))
      .groupBy(walletLedger.reference);
    const [balance] = await db
      .select({ sum: sql<number>`coalesce(sum(${wallets.balance}), 0)::int` })
      .from(wallets)
      .where(inArray(wallets.userId, userIds));
    const warmCoins = warm.filter((o) => userIds.includes(o.userId)).reduce((sum, o) => sum + o.coins, 0);
    const eventIds = events.map((e) => e.id);
    const [recorded] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, "stripe"), inArray(paymentEvents.eventId, eventIds)));
    const doubled = credits.filter((c) => c.n > 1).length;
    const lost = orders.length - credits.length + (events.length - recorded!.n);

    const n = deliveries.length;
    table(
      ["deliveries/s", "events/s"],
      [
        ["plain INSERT per delivery (baseline)", baseline, n, events.length],
        ["ours: verify, re-read from Stripe, fulfil", ours, n, events.length],
      ],
    );
    const ratio = perSecond(n, ours.ms) / perSecond(n, baseline.ms);
    out(`  ours / baseline: ${ratio.toFixed(2)}   goal: >= 500 events/s, 0 doubled, 0 lost`);
    const senderMs = (hereUsed.user + hereUsed.system) / 1000;
    out(
      `  this process during ours (senders, Stripe test server): ${fixed((senderMs * 1000) / events.length)} ms CPU per ` +
        "1,000 events; all three share the machine's cores",
    );
    out(`  answers: ${JSON.stringify(outcomes(ours.results))}; baseline ${JSON.stringify(outcomes(baseline.results))}`);
    out(
      `  doubled: ${doubled}   lost: ${lost}   (orders credited ${credits.length}/${orders.length}, events recorded ` +
        `${recorded!.n}/${events.length}, balances − coins ordered = ${balance!.sum - warmCoins - expected}; ` +
        `baseline rows ${await plainEventRows(pool)} with its warm-up)`,
    );
  } finally {
    client.close();
    plainClient.close();
    await plain.stop();
    await pool.end();
  }
}

async function benchSpends(world: PaymentsWorld, opts: Options): Promise<void> {
  const { inArray, sql } = await import("drizzle-orm");
  const { walletLedger, wallets } = await import("../server/db/schema");
  const { creditCoins, spendCoins } = await import("../server/modules/wallet/wallet");
  const warmSpends = Math.min(opts.spends, 20);
  out(
    `\n(b) Wallet spends: ${opts.users} concurrent users, ${opts.spends} 1-coin spends each against a balance of ` +
      `${opts.balance} (after ${warmSpends} warm-up spends each)`,
  );
  const users = await createBuyers(world.handle, opts.users);
  const start = opts.balance + warmSpends;
  await runPool(users, 10, (u) => creditCoins(world.handle.db, u.id, start, "bench", `bench-seed:${u.id}`));
  const pool = await plainPool(world.url);
  try {
    await createPlainWallets(pool, opts.users, start);
    // Each user is one sender making its spends one after another, as a user's chat replies are.
    const perUser = <R>(spends: number, spend: (user: number, n: number) => Promise<R>) =>
      measured(
        Array.from({ length: opts.users }, (_, i) => i),
        opts.users,
        async (user) => {
          const results: R[] = [];
          for (let n = 0; n < spends; n++) results.push(await spend(user, n));
          return results;
        },
      );
    const ourSpend = (round: string) => (user: number, n: number) =>
      spendCoins(world.handle.db, users[user]!.id, 1, "bench spend", `bench-${round}:${users[user]!.id}:${n}`);
    await perUser(warmSpends, (user) => plainSpend(pool, user + 1));
    await perUser(warmSpends, ourSpend("warm"));
    const baseline = await perUser(opts.spends, (user) => plainSpend(pool, user + 1));
    const ours = await perUser(opts.spends, ourSpend("spend"));

    const plainSpent = baseline.results.flat().filter((b) => b !== null).length;
    const oursSpent = ours.results.flat().filter((r) => r.status === "spent").length;
    const attempts = opts.users * opts.spends;
    const ids = users.map((u) => u.id);
    const [wallet] = await world.handle.db
      .select({
        sum: sql<number>`coalesce(sum(${wallets.balance}), 0)::int`,
        min: sql<number>`coalesce(min(${wallets.balance}), 0)::int`,
      })
      .from(wallets)
      .where(inArray(wallets.userId, ids));
    const [ledger] = await world.handle.db
      .select({
        sum: sql<number>`coalesce(sum(${walletLedger.delta}), 0)::int`,
        negative: sql<number>`(count(*) filter (where ${walletLedger.balanceAfter} < 0))::int`,
      })
      .from(walletLedger)
      .where(inArray(walletLedger.userId, ids));
    const plainWallets = await plainBalances(pool);

    table(
      ["spends/s", "attempts/s"],
      [
        ["plain UPDATE per spend (baseline)", baseline, plainSpent, attempts],
        ["ours: spendCoins (ledger, conditional update)", ours, oursSpent, attempts],
      ],
    );
    const ratio = perSecond(oursSpent, ours.ms) / perSecond(plainSpent, baseline.ms);
    out(`  ours / baseline: ${ratio.toFixed(2)}   goal: >= 1,000 spends/s, balance never below 0`);
    out(
      `  ours: ${oursSpent} spent, ${attempts - oursSpent} refused; lowest balance ${wallet!.min}, ledger rows below 0 ` +
        `${ledger!.negative}, ledger sum ${ledger!.sum} = balances ${wallet!.sum}`,
    );
    out(`  baseline: ${plainSpent} spent; lowest balance ${plainWallets.min}, balances ${plainWallets.sum}`);
  } finally {
    await pool.end();
  }
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
  out(`Payments bench — ${new Date().toISOString()}`);
  out(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "?"}), node ${process.version}, load average ${loadAverage()}`,
  );
  const world = await openWorld(adminUrl, opts.cpuProf);
  out(
    `database: Postgres ${world.safeUrl} (pool 10, the app's default); our API in a child process, the Stripe test ` +
      "server and the senders in this one",
  );
  await benchEvents(world, opts);
  await benchSpends(world, opts);
  out(`\nload average at the end: ${loadAverage()}`);
}

await runBench("payments bench", main);
