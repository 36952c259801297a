/**
 * The TLS origin of bench/upstream-tls.ts, in a process of its own so that its handshakes' CPU is not the
 * client's: it answers each read with one byte and prints its port. Key and chain: BENCH_TLS_KEY, BENCH_TLS_CHAIN.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import tls from "node:tls";

const server = tls.createServer(
  { key: fs.readFileSync(process.env.BENCH_TLS_KEY ?? ""), cert: fs.readFileSync(process.env.BENCH_TLS_CHAIN ?? "") },
  (socket) => {
    socket.on("data", () => socket.write("y"));
    socket.on("error", () => undefined);
  },
);
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.once("SIGTERM", () => process.exit(0));
