import type { EventEmitter } from "node:events";
import http from "node:http";
import type { Socket } from "node:net";

/** The next `event` (unlike events.once, an 'error' before it does not reject). */
export function next(emitter: EventEmitter, event: string): Promise<void> {
  return new Promise((resolve) => emitter.once(event, () => resolve()));
}

/** A response's body as text. */
export async function text(res: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/**
 * POSTs `head` and then a body that never ends, writing `chunk` whenever the socket takes more, until the server
 * answers; then goes on writing until the server closes the connection. The answer, whether the client had ended
 * its body by then (it never should), the bytes it sent, and what the server read off its socket, all told.
 */
export async function endlessUpload(
  server: http.Server,
  url: string,
  request: { contentType: string; head: string; chunk: Buffer },
) {
  const serverSocket = new Promise<Socket>((resolve) => server.once("connection", resolve));
  // A keep-alive client, as browsers are: the server could keep the connection by reading the body to its end.
  const agent = new http.Agent({ keepAlive: true });
  const req = http.request(url, { method: "POST", headers: { "content-type": request.contentType }, agent });
  req.on("error", () => undefined); // the server closes the connection under the rest of the upload
  const closed = next(req, "close");
  const response = new Promise<http.IncomingMessage>((resolve) => req.once("response", resolve));
  let sent = 0;
  const pump = () => {
    while (!req.destroyed) {
      sent += request.chunk.length;
      if (!req.write(request.chunk)) return void req.once("drain", pump);
    }
  };
  req.write(request.head);
  pump();
  const res = await response;
  const endedBody = req.writableEnded;
  const body = await text(res);
  await closed;
  const socket = await serverSocket;
  if (!socket.destroyed) await next(socket, "close");
  agent.destroy();
  return { res, body, endedBody, sent, serverRead: socket.bytesRead };
}
