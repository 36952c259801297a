import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chunkedBodyWriter } from "@/server/modules/chat/chunked-body-writer";

/** Each response writes these pieces through the writer, then ends: the second and third are framed by it. */
const PIECES = ["data: one\n\n", "data: twö €\n\n", "data: three\n\n"];

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "x-path": req.url ?? "" });
    const write = chunkedBodyWriter(res);
    for (const piece of PIECES) write(piece);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Sends `raw` on a new connection and returns everything the server sent until it closed (or `until` matched). */
function exchange(raw: string, until?: (received: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(raw));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (text: string) => {
      received += text;
      if (until?.(received)) socket.destroy();
    });
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

const bodyOf = (response: string) => response.slice(response.indexOf("\r\n\r\n") + 4);
const chunked = (pieces: string[]) =>
  pieces.map((p) => `${Buffer.byteLength(p).toString(16)}\r\n${p}\r\n`).join("") + "0\r\n\r\n";

it("frames every piece as one chunk of HTTP/1.1 chunked encoding, multi-byte characters counted in bytes", async () => {
  const response = await exchange("GET /a HTTP/1.1\r\nhost: x\r\n\r\n", (r) => r.endsWith("0\r\n\r\n"));
  expect(response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(response.toLowerCase()).toContain("transfer-encoding: chunked\r\n");
  expect(bodyOf(response)).toBe(chunked(PIECES));
});

it("reads back whole through node:http's client on a kept-alive connection, twice", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<string>((resolve, reject) => {
      http
        .get({ port, host: "127.0.0.1", path: "/b", agent }, (res) => {
          res.setEncoding("utf8");
          let body = "";
          res.on("data", (text: string) => (body += text));
          res.on("end", () => resolve(body));
        })
        .on("error", reject);
    });
  expect([await get(), await get()]).toEqual([PIECES.join(""), PIECES.join("")]);
  agent.destroy();
});

it("leaves an HTTP/1.0 answer to node:http: not chunked, ended by closing the connection", async () => {
  const response = await exchange("GET /c HTTP/1.0\r\n\r\n");
  expect(response.toLowerCase()).not.toContain("transfer-encoding");
  expect(bodyOf(response)).toBe(PIECES.join(""));
});

it("answers pipelined requests in order, the second queued behind the first", async () => {
  const twoEnds = (r: string) => r.split("0\r\n\r\n").length === 3;
  const response = await exchange(
    "GET /first HTTP/1.1\r\nhost: x\r\n\r\nGET /second HTTP/1.1\r\nhost: x\r\n\r\n",
    twoEnds,
  );
  const [first, second] = response.split(/(?=HTTP\/1\.1 200 OK)/);
  expect(first).toContain("x-path: /first");
  expect(bodyOf(first ?? "")).toBe(chunked(PIECES));
  expect(second).toContain("x-path: /second");
  expect(bodyOf(second ?? "")).toBe(chunked(PIECES));
});
