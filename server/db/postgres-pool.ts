import pg from "pg";

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * While a client is checked out (a transaction, the migration lock), pg-pool listens to none of its events. When
 * its connection dies, node-postgres emits 'error' on it, which with no listener is an uncaught exception; and a
 * holder that never releases it leaks a pool slot for good (drizzle's transaction() does not release when its
 * `begin` fails). So each checkout listens for that error and hands the dead client back to the pool itself,
 * which drops it; the holder's own release() later is then a no-op.
 */
function guardCheckout(client: pg.PoolClient): void {
  const release = client.release;
  let released = false;
  const finish = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("error", finish);
    release(err);
  };
  client.on("error", finish);
  client.release = finish;
}

class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (!callback) {
      return new Promise((resolve, reject) => {
        this.connect((err, client) =>
          client ? resolve(client) : reject(err ?? new Error("pool.connect gave no client")),
        );
      });
    }
    // pool.query() checks out through this callback form too.
    super.connect((err, client, done) => {
      if (!client) return callback(err, client, done);
      guardCheckout(client);
      callback(err, client, client.release);
    });
  }
}

export interface PostgresPoolOptions {
  connectionString: string;
  max: number;
  /** How long opening a new connection may take before it fails (a server down, hung or unreachable). */
  connectionTimeoutMillis: number;
  /**
   * How long a request waits for a free connection while all of them are busy with other requests, before it fails
   * (default: connectionTimeoutMillis). A busy pool is a healthy server with a queue, not an unreachable one.
   */
  queueTimeoutMillis?: number;
  /** Startup parameters (`-c name=value`), set before a connection's first query. */
  options: string;
  /** A connection died, idle or in use: reported once per connection; the pool replaces it. */
  onConnectionError(err: Error): void;
}

/**
 * A client whose own connect attempt gives up after `ms`. pg-pool has one timeout for two waits, a new connection
 * and a free one in its queue; the pool's is the queue's (and a backstop), the client's is the connection's.
 */
function clientConnectingWithin(ms: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(
        typeof config === "string"
          ? { connectionString: config, connectionTimeoutMillis: ms }
          : { ...config, connectionTimeoutMillis: ms },
      );
    }
  };
}

/** The node-postgres pool, made safe against connections that die at any moment (see guardCheckout). */
export function createPostgresPool(opts: PostgresPoolOptions): pg.Pool {
  const pool = new GuardedPool({
    connectionString: opts.connectionString,
    max: opts.max,
    connectionTimeoutMillis: Math.max(opts.queueTimeoutMillis ?? 0, opts.connectionTimeoutMillis),
    Client: clientConnectingWithin(opts.connectionTimeoutMillis),
    options: opts.options,
  });
  pool.on("connect", (client) => {
    // A listener for the client's whole life, in the pool or out: node-postgres emits 'error' twice for one loss
    // (the server's message, then the socket's end), and without any listener that is an uncaught exception.
    let reported = false;
    client.on("error", (err) => {
      if (reported) return;
      reported = true;
      opts.onConnectionError(err);
    });
  });
  // Idle clients' errors are also emitted on the pool (a throw without a listener); the client's listener above
  // has reported them already, and the pool has dropped the client.
  pool.on("error", () => undefined);
  return pool;
}
