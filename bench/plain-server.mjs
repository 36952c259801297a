// The baseline for bench/api-throughput.ts: a bare node:http server answering POST /v1/tag/list with the
// same SQL text drizzle generates for listTags, on a pg Pool of the same size as the app's, in the same
// JSON envelope. No framework, no middleware: the ceiling our server is compared against. The handler is
// bench/lib/plain-handler.mjs (also used in-process by the bench's --pglite mode).
//
// Run by the bench as a child process:
//   BENCH_DATABASE_URL=postgres://… BENCH_PORT=1234 BENCH_SQL='select …' BENCH_PARAMS='[]' \
//   BENCH_FIELDS='["key","name","description","robot_count"]' node bench/plain-server.mjs
// It prints "ready <port>" on stdout once listening and stops cleanly on SIGTERM/SIGINT.
import http from "node:http";
import pg from "pg";
import { createPlainHandler } from "./lib/plain-handler.mjs";

const databaseUrl = process.env.BENCH_DATABASE_URL;
const sqlText = process.env.BENCH_SQL;
const params = JSON.parse(process.env.BENCH_PARAMS ?? "[]");
// Result keys in column order: rows come back as arrays and are named like drizzle names them.
const fields = JSON.parse(process.env.BENCH_FIELDS ?? "[]");
const port = Number(process.env.BENCH_PORT ?? "0");
// BENCH_CACHE_MS > 0 (the bench's --plain-cache): keep the list in memory that long, like the app's catalogue cache.
const cacheMs = Number(process.env.BENCH_CACHE_MS ?? "0");
if (!databaseUrl || !sqlText || fields.length === 0) {
  process.stderr.write("plain-server: BENCH_DATABASE_URL, BENCH_SQL and BENCH_FIELDS are required\n");
  process.exit(2);
}

// Same parsing of bigint (count) columns as server/db/open-database.ts, and the same pool size.
pg.types.setTypeParser(20, (v) => Number(v));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const query = () => pool.query({ text: sqlText, values: params, rowMode: "array" }).then((result) => result.rows);
const server = http.createServer(createPlainHandler({ endpoint: "/v1/tag/list", fields, cacheMs, query }));
server.keepAliveTimeout = 65_000;

server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`ready ${typeof address === "object" && address ? address.port : port}\n`);
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.close(() => {
    pool.end().finally(() => process.exit(0));
  });
  server.closeAllConnections();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
