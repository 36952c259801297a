import { describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config";
import {
  type AddressedRequest,
  clientAddress,
  compileTrust,
  forwardedProto,
  warnUntrustedForwarding,
} from "@/server/http/client-address";

const req = (peer: string | undefined, forwardedFor?: string, proto?: string): AddressedRequest => ({
  headers: { "x-forwarded-for": forwardedFor, "x-forwarded-proto": proto },
  socket: { remoteAddress: peer },
});
const trustOf = (value: string) => compileTrust(parseConfig({ TRUST_PROXY: value }).TRUST_PROXY);

describe("client address behind proxies", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const none = trustOf("false");
    expect(clientAddress(req("198.51.100.9", "203.0.113.1"), none)).toBe("198.51.100.9");
    expect(clientAddress(req("198.51.100.9"), none)).toBe("198.51.100.9");
    expect(clientAddress(req(undefined, "203.0.113.1"), none)).toBe("unknown");
  });

  it("counts hops from the right: a spoofed leftmost entry is never the client", () => {
    // The client wrote "1.1.1.1"; the one proxy appended the address it saw.
    const spoofed = req("10.0.0.2", "1.1.1.1, 203.0.113.7");
    expect(clientAddress(spoofed, trustOf("1"))).toBe("203.0.113.7");
    expect(clientAddress(spoofed, trustOf("true"))).toBe("203.0.113.7");
    // Two proxies: the outer one appended the client, the inner one the outer proxy.
    const twoHops = req("10.0.0.3", "1.1.1.1, 203.0.113.7, 10.0.0.2");
    expect(clientAddress(twoHops, trustOf("2"))).toBe("203.0.113.7");
    expect(clientAddress(twoHops, trustOf("1"))).toBe("10.0.0.2");
    // Fewer entries than hops: the leftmost one there is.
    expect(clientAddress(req("10.0.0.2", "203.0.113.7"), trustOf("3"))).toBe("203.0.113.7");
    expect(clientAddress(req("10.0.0.2"), trustOf("1"))).toBe("10.0.0.2");
  });

  it("walks back through a list of trusted proxy addresses and CIDR ranges", () => {
    const trust = trustOf("10.0.0.0/8, 192.0.2.5");
    expect(clientAddress(req("10.1.2.3", "1.1.1.1, 203.0.113.7, 192.0.2.5"), trust)).toBe("203.0.113.7");
    // A peer outside the list is the client itself, X-Forwarded-For or not.
    expect(clientAddress(req("198.51.100.9", "1.1.1.1"), trust)).toBe("198.51.100.9");
    // The client cannot insert a trusted-looking address to the right of itself.
    expect(clientAddress(req("10.1.2.3", "203.0.113.7, 10.9.9.9"), trust)).toBe("203.0.113.7");
  });

  it("knows the named ranges, IPv6 and IPv4-mapped IPv6", () => {
    expect(clientAddress(req("127.0.0.1", "1.1.1.1, 2001:db8::7"), trustOf("loopback"))).toBe("2001:db8::7");
    expect(clientAddress(req("::1", "2001:db8::7"), trustOf("loopback"))).toBe("2001:db8::7");
    expect(clientAddress(req("fd00::2", "2001:db8::7"), trustOf("uniquelocal"))).toBe("2001:db8::7");
    expect(clientAddress(req("fe80::1", "203.0.113.7"), trustOf("linklocal"))).toBe("203.0.113.7");
    expect(clientAddress(req("2001:db8:1::5", "203.0.113.7"), trustOf("2001:db8:1::/48"))).toBe("203.0.113.7");
    // A server listening on "::" sees IPv4 clients as ::ffff:a.b.c.d: one client, one address.
    expect(clientAddress(req("::ffff:10.0.0.2", "203.0.113.7"), trustOf("10.0.0.0/8"))).toBe("203.0.113.7");
    expect(clientAddress(req("::ffff:198.51.100.9", "203.0.113.7"), trustOf("10.0.0.0/8"))).toBe("198.51.100.9");
    expect(clientAddress(req("10.0.0.2", "::ffff:203.0.113.7"), trustOf("1"))).toBe("203.0.113.7");
  });

  it("believes X-Forwarded-Proto only from a trusted peer, taking the entry the nearest proxy wrote", () => {
    expect(forwardedProto(req("198.51.100.9", undefined, "https"), trustOf("false"))).toBe("http");
    expect(forwardedProto(req("10.0.0.2", undefined, "https"), trustOf("1"))).toBe("https");
    expect(forwardedProto(req("10.0.0.2", undefined, "https, http"), trustOf("1"))).toBe("http");
    expect(forwardedProto(req("198.51.100.9", undefined, "https"), trustOf("10.0.0.0/8"))).toBe("http");
    expect(forwardedProto(req("10.0.0.2", undefined, "javascript"), trustOf("1"))).toBe("http");
  });
});

describe("TRUST_PROXY", () => {
  it("is false by default, true means one hop, and numbers and lists parse", () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8 ,fd00::/8" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
    ]);
  });

  it.each(["10.0.0.0/33", "proxy.example", "99"])("stops the start with a message for %s", (value) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY:/);
  });
});

describe("X-Forwarded-For while TRUST_PROXY is off", () => {
  it("is warned about once per process, and never when a proxy is trusted or the header is absent", () => {
    const warnings: string[] = [];
    const warn = (msg: string) => void warnings.push(msg);
    warnUntrustedForwarding(req("10.0.0.2", "203.0.113.7"), trustOf("1"), warn);
    warnUntrustedForwarding(req("10.0.0.2"), trustOf("false"), warn);
    expect(warnings).toEqual([]);
    warnUntrustedForwarding(req("10.0.0.2", "203.0.113.7"), trustOf("false"), warn);
    warnUntrustedForwarding(req("10.0.0.3", "203.0.113.8"), trustOf("false"), warn);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/X-Forwarded-For .*TRUST_PROXY is off/);
  });
});
