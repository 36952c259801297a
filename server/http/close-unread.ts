import type { IncomingMessage } from "node:http";

/** How long a connection whose request body was left unread stays half-open after the answer (Go uses 500 ms). */
const LINGER_MS = 500;

/**
 * For an answer sent before its request's body was all in (a 413 past the body limit, a 429): close the
 * connection without reading the rest of the upload. Call it from the response's "finish", ahead of Node's own
 * listener (prependListener), which would otherwise either read the rest to keep the connection
 * (IncomingMessage._dump) or, with Connection: close, destroy the socket as soon as the answer is written, and the
 * kernel then resets a connection that has unread data: a client still sending may lose the answer. Instead, as
 * Go's net/http does: stop reading, half-close after the answer, and destroy the socket a moment later.
 */
export function closeWithoutReading(req: IncomingMessage): void {
  const socket = req.socket;
  // Node's two hooks, on these two objects only (internal names, pinned by tests/integration/http-server-limits).
  (req as IncomingMessage & { _dumped?: boolean })._dumped = true;
  socket.destroySoon = () => undefined;
  socket.pause();
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}
