import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Writes a streamed response's body text, each call one chunk of HTTP/1.1 chunked encoding. The first goes through
 * `res.write`, which puts the head on the wire with it and settles the framing. Later ones are framed here and
 * written to the socket in one call, where `res.write` takes a cork, a tick and a three-buffer `writev` per chunk
 * (bench/README.md, "Issue 16, seventeenth session").
 *
 * Only when node:http chose chunked encoding (`chunkedEncoding`: not for an HTTP/1.0 request) and the socket is
 * the response's own (not yet for a response queued behind another on a pipelined connection); otherwise every
 * piece goes through `res.write`. The end (`res.end`, the last chunk) stays with node:http.
 */
export function chunkedBodyWriter(res: ServerResponse): (text: string) => void {
  let socket: Socket | null = null;
  return (text) => {
    if (socket) {
      if (socket.writable) socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`);
      return;
    }
    res.write(text);
    if (res.chunkedEncoding && res.socket) socket = res.socket;
  };
}
