/**
 * bench/chat-relay.ts's upstream: the OpenAI-compatible stub in this process, with more handles accepting for it
 * (a provider takes a crowd's connections at once; one handle took one per busy loop turn: listen-handles.ts),
 * over TLS with --tls. Then the servers the bench starts trust its root through NODE_EXTRA_CA_CERTS (set here,
 * before they are started, so the system's store verifies as in production), and `agent` asks it directly.
 */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { TLSSocket } from "node:tls";
import { addListenHandles } from "../../server/http/listen-handles";
import { startOpenAiStub, type OpenAiStub } from "../../tests/support/openai-stub-server.mjs";
import { onCleanup } from "./harness";
import { makeCertificateChain } from "./tls-chain";

export interface BenchStub {
  stub: OpenAiStub;
  /** For requests straight to the stub. */
  agent: http.Agent;
  /** Its listening handles, its own included. */
  handles: number;
  /** With --tls: the handshakes it has made, and how many resumed a session (upstream-pool.ts). */
  handshakes: { full: number; resumed: number };
  /** The handshakes since `before` (a copy of `handshakes`), as text; "" without TLS. */
  handshakesSince(before: { full: number; resumed: number }): string;
}

export async function startBenchStub(opts: {
  tokenDelayMs: number;
  listenCopies: number;
  tls: boolean;
}): Promise<BenchStub> {
  let tls: { key: Buffer; cert: Buffer } | undefined;
  let agent: http.Agent;
  if (opts.tls) {
    const chain = makeCertificateChain();
    tls = { key: fs.readFileSync(chain.key), cert: fs.readFileSync(chain.chain) };
    process.env.NODE_EXTRA_CA_CERTS = chain.root;
    agent = new https.Agent({ keepAlive: true, maxSockets: Infinity, ca: fs.readFileSync(chain.root) });
  } else agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  onCleanup("close the stub's agent", async () => agent.destroy());
  const stub = await startOpenAiStub({ tokenDelayMs: opts.tokenDelayMs, tls });
  onCleanup("close the stub", () => stub.close());
  const handshakes = { full: 0, resumed: 0 };
  stub.server.on("secureConnection", (socket: TLSSocket) => {
    if (socket.isSessionReused()) handshakes.resumed++;
    else handshakes.full++;
  });
  const copies = await addListenHandles(stub.server, opts.listenCopies);
  onCleanup("close the stub's listening copies", async () => copies.forEach((c) => c.close()));
  return {
    stub,
    agent,
    handles: copies.length + 1,
    handshakes,
    handshakesSince: (before) =>
      opts.tls
        ? `; TLS handshakes ${handshakes.full - before.full} full, ${handshakes.resumed - before.resumed} resumed`
        : "",
  };
}
