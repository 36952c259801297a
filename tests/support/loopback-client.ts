import { randomBytes } from "node:crypto";
import http from "node:http";

/**
 * A random loopback address other than 127.0.0.1: all of 127.0.0.0/8 reaches the loopback interface on Linux, so
 * a client bound to it reaches a server on 127.0.0.1 from its own address, the one the server sees on the socket.
 */
export function randomLoopback(): string {
  const [a, b, c] = randomBytes(3);
  return `127.${a! % 255}.${b! % 255}.${(c! % 253) + 2}`;
}

/**
 * fetch-like HTTP request from a chosen local address (one new connection, no redirects followed); the answer as
 * a web Response. Test and end-to-end helpers use it to act as distinct clients without X-Forwarded-For.
 */
export function requestFrom(
  localAddress: string,
  url: string | URL,
  init: Pick<RequestInit, "method" | "headers" | "body"> = {},
): Promise<Response> {
  if (init.body != null && typeof init.body !== "string")
    return Promise.reject(new TypeError("requestFrom sends string bodies only"));
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
        }
        const status = res.statusCode ?? 0;
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers }));
      });
    });
    req.on("error", reject);
    req.end(init.body ?? undefined);
  });
}
