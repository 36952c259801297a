import http from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";
import type { RecordedRequest } from "./stripe-test-server-types";
import { asObject, asString, copy, type JsonObject, newId, StripeApiError } from "./stripe-test-values";

/** Answers one request: a status and a JSON body, or a StripeApiError thrown. */
export type StripeRoute = (method: string, path: string, form: JsonObject) => { status: number; body: JsonObject };

/**
 * Stripe's side of the wire on loopback, for the stripe test server's objects (`route`): form-encoded parameters
 * (a GET's in the query), the secret key as a bearer token, idempotency keys replayed (the same parameters answer
 * the first answer again; others are refused), errors as Stripe's error object. Every request is recorded.
 */
export async function serveStripeApi(
  secretKey: string,
  requests: RecordedRequest[],
  route: StripeRoute,
): Promise<{ url: string; close(): Promise<void> }> {
  const idempotent = new Map<string, { form: string; status: number; body: JsonObject }>();
  let base = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const raw = Buffer.concat(chunks).toString("utf8");
      // The SDK sends a GET's parameters (expand[]) in the query, a POST's in the form body.
      const form = asObject(qs.parse(req.method === "GET" ? url.search.slice(1) : raw, { arrayLimit: 100, depth: 10 }));
      const idempotencyKey = asString(req.headers["idempotency-key"]);
      const method = req.method ?? "GET";
      requests.push({ method, path: url.pathname, form: copy(form), idempotencyKey });
      const send = (status: number, body: JsonObject) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
        res.end(JSON.stringify(body));
      };
      try {
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          throw new StripeApiError(401, "invalid_request_error", null, "Invalid API Key provided");
        }
        const previous = idempotencyKey && method === "POST" ? idempotent.get(idempotencyKey) : undefined;
        if (previous) {
          if (previous.form !== raw) {
            throw new StripeApiError(
              400,
              "idempotency_error",
              null,
              "Keys for idempotent requests can only be used with the same parameters",
            );
          }
          res.setHeader("idempotent-replayed", "true");
          send(previous.status, previous.body);
          return;
        }
        const { status, body } = route(method, url.pathname, form);
        const snapshot = copy(body);
        if (idempotencyKey && method === "POST") idempotent.set(idempotencyKey, { form: raw, status, body: snapshot });
        send(status, snapshot);
      } catch (err) {
        if (err instanceof StripeApiError) {
          send(err.status, { error: { type: err.type, code: err.code, message: err.message } });
        } else {
          send(500, { error: { type: "api_error", code: null, message: String(err) } });
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
