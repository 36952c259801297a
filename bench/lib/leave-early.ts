/**
 * A chat POST whose client goes away once the first text has arrived, like a tab closed mid-reply: the socket is
 * destroyed (its own connection, no keep-alive pool). Used by bench/chat-relay.ts to time how soon our server
 * closes its upstream request after that.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

export type Left = { leftAt: number } | { error: string };

/** Resolves with performance.now() at the moment the connection was destroyed. Never rejects. */
export function leaveAfterFirstText(
  port: number,
  urlPath: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Left> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Left) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: urlPath,
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          accept: "text/event-stream",
          ...headers,
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          finish({ error: `HTTP ${res.statusCode}` });
          return;
        }
        res.setEncoding("utf8");
        let seen = "";
        res.on("data", (chunk: string) => {
          seen += chunk;
          if (!seen.includes('"type":"delta"')) return;
          req.destroy();
          finish({ leftAt: performance.now() });
        });
        res.on("end", () => finish({ error: "the reply ended before any text" }));
        res.on("error", () => undefined);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no text for ${timeoutMs} ms`)));
    req.on("error", (err) => finish({ error: `request failed: ${err.message}` }));
    req.end(body);
  });
}
