import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

/**
 * TRUST_PROXY, parsed: false (the socket's address is the client), a number of proxy hops in front of the server,
 * or the proxies' addresses and CIDR ranges (and the names loopback, linklocal, uniquelocal).
 */
export type TrustProxy = false | number | string[];

/** Whether the address at `hop` (0: the socket's peer, 1: the rightmost X-Forwarded-For entry…) is a trusted proxy. */
export type TrustFn = (address: string, hop: number) => boolean;

/** What the resolution reads from a request: its X-Forwarded-* headers and the socket's peer address. */
export interface AddressedRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
}

/** Why a list of proxy addresses cannot be used, or null when it can. */
export function trustListProblem(list: string[]): string | null {
  try {
    proxyaddr.compile(list);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

// TRUST_PROXY off: one function, so warnUntrustedForwarding can tell it apart.
const TRUST_NONE: TrustFn = () => false;

/** The trust function for a TRUST_PROXY setting; compile it once, not per request. */
export function compileTrust(setting: TrustProxy): TrustFn {
  if (setting === false) return TRUST_NONE;
  if (typeof setting === "number") {
    const hops = setting;
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(setting);
}

// "::ffff:203.0.113.7" (a server listening on "::") and "203.0.113.7" are the same client: one rate-limit key.
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

function normalize(address: string): string {
  return IPV4_MAPPED.exec(address)?.[1] ?? address;
}

/**
 * The client's address: the socket's peer, or, when that is a trusted proxy, walking X-Forwarded-For from the
 * right (the entry the nearest proxy appended) past trusted proxies. The leftmost entries, which the client
 * itself can write, are only reached when every proxy after them is trusted.
 */
export function clientAddress(req: AddressedRequest, trust: TrustFn): string {
  if (!req.socket.remoteAddress) return "unknown";
  // proxy-addr reads only req.headers["x-forwarded-for"] and req.socket.remoteAddress.
  return normalize(proxyaddr(req as IncomingMessage, trust));
}

/**
 * The protocol the client used, as a trusted proxy in front of the server reports it in X-Forwarded-Proto
 * (the rightmost entry: the one the nearest proxy wrote); "http" when the socket's peer is not a trusted proxy.
 * For the Secure flag of cookies, never for links (those use publicBaseUrl).
 */
export function forwardedProto(req: AddressedRequest, trust: TrustFn): "http" | "https" {
  const peer = req.socket.remoteAddress;
  if (!peer || !trust(peer, 0)) return "http";
  const header = req.headers["x-forwarded-proto"];
  const value = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").at(-1)?.trim().toLowerCase();
  return value === "https" ? "https" : "http";
}

let warnedUntrustedForwarding = false;

/**
 * Logs once per process that X-Forwarded-For arrived while TRUST_PROXY is off: behind a proxy every client then
 * has the proxy's address, so they all share one rate limit. (A client may also send the header itself.)
 */
export function warnUntrustedForwarding(
  req: AddressedRequest,
  trust: TrustFn,
  warn: (msg: string, fields: Record<string, unknown>) => void,
): void {
  if (warnedUntrustedForwarding || trust !== TRUST_NONE || req.headers["x-forwarded-for"] === undefined) return;
  warnedUntrustedForwarding = true;
  warn(
    "X-Forwarded-For arrived but TRUST_PROXY is off: if a proxy is in front, every client has its address " +
      "(one rate limit for all); set TRUST_PROXY to the proxy's hops or addresses",
    { peer: req.socket.remoteAddress },
  );
}
