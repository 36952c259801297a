/**
 * Payments on Postgres, each figure next to a plain single-statement baseline measured in the same run. Prints
 * figures only; never asserts on them. See bench/README.md.
 *
 *   npm run bench:payments [-- --events 2000] [--duplicates 0.2] [--senders 50] [--users 50] [--spends 240]
 *                             [--balance 200] [--warmup 200]
 *
 * (a) Stripe events fulfilled per second through POST /v1/payment/stripe/webhook over HTTP (keep-alive), from
 *     `--senders` concurrent senders: `--events` distinct checkout.session.completed events of coin orders made
 *     through POST /v1/buy_coin/create, plus `--duplicates` of them delivered again, shuffled. Each delivery is
 *     signature-checked, re-reads its session from the Stripe-compatible test server (tests/support, in this
 *     process) and credits the order in one transaction. Afterwards: doubled (an order credited more than once, or
 *     balances above the orders' coins) and lost (an order not credited, an event not recorded) must both be 0.
 *     Baseline: a plain node:http server storing each delivery with one INSERT ... ON CONFLICT DO NOTHING.
 * (b) Wallet spends per second from `--users` concurrent users, each making `--spends` 1-coin spends against a
 *     balance of `--balance` (so some are refused): spendCoins (ledger row with a unique reference, conditional
 *     update, one transaction). Afterwards the lowest balance (never below 0) and ledger sum = balances. Baseline:
 *     one `update ... set balance = balance - 1 where user_id = $1 and balance >= 1` per spend.
 *
 * Database: BENCH_DATABASE_URL ?? DATABASE_URL ?? postgresql://postgres@127.0.0.1:5432/postgres is the admin URL;
 * a fresh database kewl_bench_payments_<random> is created, migrated and dropped at the end (also on Ctrl-C).
 */
import os from "node:os";
import { eachFlag, intFlag, out, runBench } from "./lib/harness";
import { fixed, perSecond, poster, runPool, shuffle, type Post, type Reply } from "./lib/payments-load";
import { createPlainWallets, plainBalances, plainSpend, startPlainEventServer } from "./lib/payments-plain";
import { createBuyers, openWorld, paidOrders, signedDeliveries, type PaymentsWorld } from "./lib/payments-setup";
import { DEFAULT_ADMIN_URL } from "./lib/scratch-database";

interface Options {
  events: number;
  duplicates: number;
  senders: number;
  users: number;
  spends: number;
  balance: number;
  warmup: number;
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

async function benchEvents(world: PaymentsWorld, opts: Options): Promise<void> {
  const { and, eq, inArray, sql } = await import("drizzle-orm");
  const { paymentEvents, walletLedger, wallets } = await import("../server/db/schema");
  out(
    `\n(a) Stripe events through the webhook: ${opts.events} orders, +${Math.round(opts.duplicates * 100)}% duplicates, ${opts.senders} senders`,
  );
  const setupStart = performance.now();
  const all = await paidOrders(world, opts.warmup + opts.events);
  const warm = all.slice(0, opts.warmup);
  const orders = all.slice(opts.warmup);
  out(
    `  setup: ${all.length} coin orders made through POST /v1/buy_coin/create and paid on the test server in ${fixed((performance.now() - setupStart) / 1000, 1)} s`,
  );

  const events = orders.map((o) => o.event);
  const duplicates = shuffle([...events]).slice(0, Math.round(events.length * opts.duplicates));
  const client = poster(world.api.port, opts.senders);
  const pool = await plainPool(world.url);
  const plain = await startPlainEventServer(pool);
  const plainClient = poster(plain.port, opts.senders);
  try {
    const send = (target: typeof client) => (post: Post) => target.post(post);
    // Warm-up: real orders through our endpoint, the same number of inserts through the baseline.
    await runPool(
      signedDeliveries(
        warm.map((o) => o.event),
        [],
      ),
      opts.senders,
      send(client),
    );
    await runPool(
      signedDeliveries(
        warm.map((o) => ({ ...o.event, id: `${o.event.id}_warm` })),
        [],
      ),
      opts.senders,
      send(plainClient),
    );

    const deliveries = shuffle(signedDeliveries(events, duplicates));
    const baseline = await runPool(deliveries, opts.senders, send(plainClient));
    const ours = await runPool(deliveries, opts.senders, send(client));

    const counts = outcomes(ours.results);
    const codes = orders.map((o) => `order:${o.orderCode}`);
    const userIds = [...new Set(orders.map((o) => o.userId))];
    const expected = orders.reduce((sum, o) => sum + o.coins, 0);
    const { db } = world.handle;
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
    const excess = balance!.sum - warmCoins - expected;

    const oursRate = perSecond(deliveries.length, ours.ms);
    const plainRate = perSecond(deliveries.length, baseline.ms);
    out(`  ${"".padEnd(44)}${"deliveries/s".padStart(14)}${"events/s".padStart(12)}${"wall s".padStart(9)}`);
    out(
      `  ${"plain INSERT per delivery (baseline)".padEnd(44)}${fixed(plainRate).padStart(14)}${fixed(perSecond(events.length, baseline.ms)).padStart(12)}${fixed(baseline.ms / 1000, 2).padStart(9)}`,
    );
    out(
      `  ${"ours: verify + re-read + fulfil".padEnd(44)}${fixed(oursRate).padStart(14)}${fixed(perSecond(events.length, ours.ms)).padStart(12)}${fixed(ours.ms / 1000, 2).padStart(9)}`,
    );
    out(`  ours / baseline: ${(oursRate / plainRate).toFixed(2)}   goal: >= 500 events/s`);
    out(`  answers: ${JSON.stringify(counts)}; baseline rows ${await plain.rows()} (warm-up included)`);
    out(
      `  doubled: ${doubled}   lost: ${lost}   (orders credited ${credits.length}/${orders.length}, events recorded ` +
        `${recorded!.n}/${events.length}, balances − coins ordered = ${excess})`,
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
  out(
    `\n(b) Wallet spends: ${opts.users} concurrent users, ${opts.spends} 1-coin spends each against a balance of ${opts.balance}`,
  );
  const users = await createBuyers(world.handle, opts.users);
  await runPool(users, 10, (u) => creditCoins(world.handle.db, u.id, opts.balance, "bench", `bench-seed:${u.id}`));
  const pool = await plainPool(world.url);
  try {
    await createPlainWallets(pool, opts.users, opts.balance);
    // Each user is one sender making its spends one after another, as a user's chat replies are.
    const perUser = <R>(spend: (user: number, n: number) => Promise<R>) =>
      runPool(
        Array.from({ length: opts.users }, (_, i) => i),
        opts.users,
        async (user) => {
          const results: R[] = [];
          for (let n = 0; n < opts.spends; n++) results.push(await spend(user, n));
          return results;
        },
      );
    const baseline = await perUser((user) => plainSpend(pool, user + 1));
    const ours = await perUser((user, n) =>
      spendCoins(world.handle.db, users[user]!.id, 1, "bench spend", `bench-spend:${users[user]!.id}:${n}`),
    );

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

    const oursRate = perSecond(oursSpent, ours.ms);
    const plainRate = perSecond(plainSpent, baseline.ms);
    out(`  ${"".padEnd(44)}${"spends/s".padStart(14)}${"attempts/s".padStart(12)}${"wall s".padStart(9)}`);
    out(
      `  ${"plain UPDATE per spend (baseline)".padEnd(44)}${fixed(plainRate).padStart(14)}${fixed(perSecond(attempts, baseline.ms)).padStart(12)}${fixed(baseline.ms / 1000, 2).padStart(9)}`,
    );
    out(
      `  ${"ours: spendCoins (ledger + conditional update)".padEnd(44)}${fixed(oursRate).padStart(14)}${fixed(perSecond(attempts, ours.ms)).padStart(12)}${fixed(ours.ms / 1000, 2).padStart(9)}`,
    );
    out(`  ours / baseline: ${(oursRate / plainRate).toFixed(2)}   goal: >= 1,000 spends/s, balance never below 0`);
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
  const world = await openWorld(adminUrl);
  out(
    `database: Postgres ${world.safeUrl} (pool 10, as the app's default); Stripe test server and API in this process`,
  );
  await benchEvents(world, opts);
  await benchSpends(world, opts);
  out(`\nload average at the end: ${loadAverage()}`);
}

await runBench("payments bench", main);
