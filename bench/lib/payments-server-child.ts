/**
 * The server side of bench/payments.ts (a), in a process of its own so that its CPU time is the server's alone
 * (the senders and the Stripe-compatible test server stay in the parent, as Stripe and its senders are elsewhere
 * in production). Started with `node --import tsx bench/lib/payments-server-child.ts` and an IPC channel.
 *
 * Environment:
 *   BENCH_PAYMENTS_MODE          ours: our API (createHttpServer(createApi(deps)), no Next) on PAYMENT_PROVIDER=stripe
 *                                with the STRIPE_* variables given; plain: the baseline of payments-plain.ts
 *   BENCH_PAYMENTS_DATABASE_URL  the bench database, migrated by the parent
 *
 * IPC, child → parent: `ready` once listening (port); `cpu` answering a `cpu` request with the CPU time used so far.
 */
import { startApiInProcess } from "./in-process-api";
import { startPlainEventServer } from "./payments-plain";

export type PaymentsChildMessage = { type: "ready"; port: number } | { type: "cpu"; ms: number };

async function main(): Promise<void> {
  // As in production (the esbuild bundle runs without --enable-source-maps): tsx turns them on, which makes every
  // Error.stack several times dearer, and the Stripe SDK takes one per request.
  process.setSourceMapsEnabled(false);
  const url = process.env.BENCH_PAYMENTS_DATABASE_URL;
  if (!url) throw new Error("BENCH_PAYMENTS_DATABASE_URL is not set");
  let port: number;
  if (process.env.BENCH_PAYMENTS_MODE === "plain") {
    const { default: pg } = await import("pg");
    // The app's pool size (openDatabase's default).
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    port = (await startPlainEventServer(pool)).port;
  } else {
    const { openDatabase } = await import("../../server/db/open-database");
    const handle = await openDatabase({ databaseUrl: url, onConnectionError: () => undefined });
    port = (
      await startApiInProcess(handle, "payments API", {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: process.env.STRIPE_API_URL,
        PUBLIC_BASE_URL: "http://127.0.0.1",
      })
    ).port;
  }
  const send = (message: PaymentsChildMessage) => process.send?.(message);
  process.on("message", (message: { type: string }) => {
    if (message.type !== "cpu") return;
    const used = process.cpuUsage();
    send({ type: "cpu", ms: (used.user + used.system) / 1000 });
  });
  // A normal exit, so that --cpu-prof writes its profile.
  process.on("disconnect", () => process.exit(0));
  process.on("SIGTERM", () => process.exit(0));
  send({ type: "ready", port });
}

main().catch((err: unknown) => {
  process.stderr.write(
    `payments server child failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
