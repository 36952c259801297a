/**
 * Whether this process has begun to shut down. Readiness (GET /v1/health/ready) answers 503 from then on, so a
 * load balancer stops sending new requests while the ones in flight finish; liveness (GET /v1/health) stays 200.
 */
let shuttingDown = false;

/** The first step of a shutdown (server/serve.ts), before the listener closes. */
export function markShuttingDown(): void {
  shuttingDown = true;
}

export function isShuttingDown(): boolean {
  return shuttingDown;
}
