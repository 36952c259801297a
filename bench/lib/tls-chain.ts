/** Certificates for the benches' local TLS origins (bench/upstream-tls.ts, bench/chat-relay.ts --tls). */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onCleanup } from "./harness";

export interface CertificateChain {
  /** The leaf's private key (PEM file). */
  key: string;
  /** The leaf then the intermediate (PEM file), as a server sends them. */
  chain: string;
  /** The root (PEM file), for NODE_EXTRA_CA_CERTS or a client's `ca`. */
  root: string;
}

/**
 * A root, an intermediate and a leaf for localhost and 127.0.0.1, RSA 2048 (a public provider's kind of chain),
 * made with openssl in a temporary folder that is removed at the bench's cleanup; returns the files' paths.
 */
export function makeCertificateChain(): CertificateChain {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-bench-tls-"));
  onCleanup("remove the certificates", async () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "ignore" });
  const ext = (name: string, text: string) => (fs.writeFileSync(file(name), text), file(name));
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=Bench Root",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-keyout",
    file("root.key"),
    "-out",
    file("root.pem"),
  );
  for (const [name, signer, subject, extensions] of [
    ["inter", "root", "/CN=Bench Intermediate", "basicConstraints=critical,CA:TRUE\n"],
    ["leaf", "inter", "/CN=localhost", "subjectAltName=DNS:localhost,IP:127.0.0.1\n"],
  ] as const) {
    openssl(
      "req",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      subject,
      "-keyout",
      file(`${name}.key`),
      "-out",
      file(`${name}.csr`),
    );
    openssl(
      "x509",
      "-req",
      "-in",
      file(`${name}.csr`),
      "-CA",
      file(`${signer}.pem`),
      "-CAkey",
      file(`${signer}.key`),
      "-CAcreateserial",
      "-days",
      "2",
      "-extfile",
      ext(`${name}.ext`, extensions),
      "-out",
      file(`${name}.pem`),
    );
  }
  fs.writeFileSync(
    file("chain.pem"),
    fs.readFileSync(file("leaf.pem"), "utf8") + fs.readFileSync(file("inter.pem"), "utf8"),
  );
  return { key: file("leaf.key"), chain: file("chain.pem"), root: file("root.pem") };
}
