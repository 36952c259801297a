// The request handler of the plain baseline in bench/api-throughput.ts: bare node:http answering POST <endpoint>
// with the rows of one query in the app's JSON envelope. No framework, no middleware. Used by
// bench/plain-server.mjs (a child process on a pg Pool) and, with --pglite, in the bench process on PGlite.

/**
 * @param {{ endpoint: string, fields: string[], cacheMs: number, query: () => Promise<unknown[][]> }} options
 *   fields: result keys in column order (rows come back as arrays and are named like drizzle names them);
 *   cacheMs > 0 (the bench's --plain-cache): keep the list in memory that long, like the app's catalogue cache.
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void}
 */
export function createPlainHandler({ endpoint, fields, cacheMs, query }) {
  /** @type {{ list: unknown[], expires: number } | undefined} */
  let cached;
  const toObject = (/** @type {unknown[]} */ row) => Object.fromEntries(fields.map((f, i) => [f, row[i]]));
  return (req, res) => {
    if (req.method !== "POST" || req.url !== endpoint) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 404, msg: "Not found", data: null }));
      return;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      try {
        const text = Buffer.concat(chunks).toString("utf8");
        if (text.trim() !== "") JSON.parse(text);
      } catch {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: 400, msg: "Malformed JSON body", data: null }));
        return;
      }
      const send = (/** @type {unknown[]} */ list) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: 0, msg: "success", data: { list } }));
      };
      if (cached && cached.expires > Date.now()) {
        send(cached.list);
        return;
      }
      query().then(
        (rows) => {
          const list = rows.map(toObject);
          if (cacheMs > 0) cached = { list, expires: Date.now() + cacheMs };
          send(list);
        },
        (err) => {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ code: 500, msg: err instanceof Error ? err.message : String(err), data: null }));
        },
      );
    });
  };
}
