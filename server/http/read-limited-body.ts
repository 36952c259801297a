import { IncomingMessage } from "node:http";

/** The body was cut off (the client went away, or the server's request timeout closed the connection). */
export class BodyAbortedError extends Error {
  constructor() {
    super("The request body was not received in full");
    this.name = "BodyAbortedError";
  }
}

/**
 * Reads a request body as it arrives, counting bytes: the bytes, or null as soon as more than `limit` have
 * arrived. Past the limit nothing more is read: the request stream is paused (so Node stops reading the socket
 * once its small buffer is full) and the rest of the upload stays on the wire for the connection's close.
 */
export function readBodyWithin(
  source: IncomingMessage | ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array | null> {
  if (source === null) return Promise.resolve(new Uint8Array(0));
  return source instanceof IncomingMessage ? readIncoming(source, limit) : readStream(source, limit);
}

function readIncoming(incoming: IncomingMessage, limit: number): Promise<Uint8Array | null> {
  if (incoming.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onAbort);
      incoming.off("close", onAbort);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        incoming.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onAbort = () => {
      stop();
      reject(new BodyAbortedError());
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onAbort);
    incoming.on("close", onAbort);
  });
}

async function readStream(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) return null;
      chunks.push(value);
    }
  } catch {
    throw new BodyAbortedError();
  } finally {
    // Not cancel(): on a Node request that would destroy the socket before the 413 is written.
    reader.releaseLock();
  }
  return Buffer.concat(chunks, size);
}
