import net from "node:net";
import tls from "node:tls";

/**
 * Kept-alive connections to one upstream origin, for streamed-post.ts. Each socket is opened with `onread`, so its
 * reads land in one shared buffer and a callback (no stream machinery, no 'data' event per read), and pausing it
 * stops reading off the kernel at once (readStop), which is what lets a reply's reads be paced (streamed-post.ts).
 * node:http's sockets keep reading into their stream buffer while paused: the pacing saved nothing there.
 */

/** An idle connection is closed after this long (as undici does), before servers that keep one 5 s (uvicorn). */
export const IDLE_SOCKET_MS = 4000;
/** Idle connections kept at most (node:http's agent keeps 256); the rest of a crowd's are closed as they free up. */
export const MAX_IDLE_SOCKETS = 256;

/**
 * Every read lands here and is consumed before the callback returns: libuv reads one socket at a time on this
 * thread, so one buffer serves all sockets (one per socket would be 64 kB per open reply).
 */
const READ_BUFFER = Buffer.alloc(64 * 1024);

export interface UpstreamConnection {
  readonly socket: net.Socket;
  /** True when the socket served an earlier request. */
  readonly reused: boolean;
  /** Bytes read; they live in a shared buffer that the next read overwrites. */
  onData: (bytes: Buffer) => void;
  /** The socket closed: `error` when it failed, null when the other side ended it. */
  onClose: (error: Error | null) => void;
}

export interface UpstreamPool {
  readonly origin: URL;
  /** An idle connection (unless `fresh`), else a new one (connecting: writes are queued until it is up). */
  acquire(fresh?: boolean): UpstreamConnection;
  /** The request is over: a connection whose response was read to its end and may be kept goes back to the pool. */
  release(connection: UpstreamConnection, keep: boolean): void;
  /** Closes the idle connections. */
  close(): void;
}

interface PooledConnection extends UpstreamConnection {
  reused: boolean;
  idleTimer: NodeJS.Timeout | undefined;
}

const ignoreData = () => undefined;

/**
 * `tlsOptions` add to an https origin's connect options (a private CA, say); the system's CAs by default.
 *
 * Over https, a crowd's new connections cost the event loop a TLS handshake each. Two things make those cheaper,
 * as node:https's agent does the second: one secure context for the pool (tls.connect builds one per call
 * otherwise, from the options), and resuming the origin's latest TLS session (the server's ticket), which skips
 * the certificate chain's checks. Together they took a new connection's client CPU from 1.7-1.9 ms to 0.9-1.1 ms
 * (`npm run bench:upstream-tls`; bench/README.md, "Upstream TLS connections").
 */
export function createUpstreamPool(origin: URL, tlsOptions: tls.ConnectionOptions = {}): UpstreamPool {
  const secure = origin.protocol === "https:";
  const host = origin.hostname.replace(/^\[|\]$/g, "");
  const port = Number(origin.port) || (secure ? 443 : 80);
  const idle: PooledConnection[] = [];
  const secureContext = secure ? (tlsOptions.secureContext ?? tls.createSecureContext(tlsOptions)) : undefined;
  /** The origin's latest TLS session, for the next connection to resume; dropped when a handshake offering it fails. */
  let session: Buffer | undefined;

  const dropIdle = (connection: PooledConnection) => {
    const at = idle.indexOf(connection);
    if (at !== -1) idle.splice(at, 1);
    clearTimeout(connection.idleTimer);
    connection.idleTimer = undefined;
  };

  function connectTls(onread: { buffer: Buffer; callback(length: number, buffer: Buffer): boolean }): tls.TLSSocket {
    // tls.connect takes onread too (nodejs/node#35753), which @types/node's ConnectionOptions does not list.
    const options: tls.ConnectionOptions & { onread: typeof onread } = {
      ...tlsOptions,
      secureContext,
      session,
      host,
      port,
      servername: net.isIP(host) ? undefined : host,
      ALPNProtocols: ["http/1.1"],
      onread,
    };
    const socket = tls.connect(options);
    socket.on("session", (ticket: Buffer) => {
      session = ticket;
    });
    socket.once("error", () => {
      // A failed handshake that offered a session forgets it, so it cannot fail the next ones (as node:https's agent).
      if (!socket.authorized && options.session) session = undefined;
    });
    return socket;
  }

  function open(): PooledConnection {
    const onread = {
      buffer: READ_BUFFER,
      callback(length: number, buffer: Buffer): boolean {
        connection.onData(buffer.subarray(0, length));
        return true;
      },
    };
    const socket = secure ? connectTls(onread) : net.connect({ host, port, onread });
    socket.setNoDelay(true);
    const connection: PooledConnection = {
      socket,
      reused: false,
      idleTimer: undefined,
      onData: ignoreData,
      onClose: () => undefined,
    };
    let failure: Error | null = null;
    socket.on("error", (err) => {
      failure = err;
    });
    socket.on("close", () => {
      dropIdle(connection);
      connection.onClose(failure);
    });
    return connection;
  }

  return {
    origin,
    acquire(fresh = false) {
      const connection = fresh ? undefined : idle.pop();
      if (!connection) return open();
      dropIdle(connection);
      connection.reused = true;
      connection.socket.ref();
      return connection;
    },
    release(connection, keep) {
      const pooled = connection as PooledConnection;
      pooled.onData = (bytes) => {
        // An idle connection has nothing to say: whatever comes is a protocol error.
        if (bytes.length) pooled.socket.destroy();
      };
      pooled.onClose = () => undefined;
      if (!keep || pooled.socket.destroyed || !pooled.socket.writable || idle.length >= MAX_IDLE_SOCKETS) {
        pooled.socket.destroy();
        return;
      }
      if (pooled.socket.isPaused()) pooled.socket.resume();
      // As node:http's agent: an idle socket keeps neither the process nor a dead peer alive.
      pooled.socket.unref();
      pooled.socket.setKeepAlive(true, 1000);
      pooled.idleTimer = setTimeout(() => pooled.socket.destroy(), IDLE_SOCKET_MS);
      pooled.idleTimer.unref();
      idle.push(pooled);
    },
    close() {
      for (const connection of idle.splice(0)) connection.socket.destroy();
    },
  };
}
