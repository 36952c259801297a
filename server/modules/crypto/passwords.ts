import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";
import { randomBytes } from "node:crypto";

/** argon2id, m=19456 KiB, t=2, p=1 (OWASP's first recommended setting). */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, unusable under isolatedModules)
export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

let dummyHash: Promise<string> | undefined;

/**
 * Password hashing. Called through this object (never destructured) so tests can observe that requests
 * refused by a rate limit never reach the costly hash.
 */
export const passwords = {
  hash(plain: string): Promise<string> {
    return hash(plain, ARGON2_OPTIONS);
  },
  async verify(stored: string, plain: string): Promise<boolean> {
    try {
      return await verify(stored, plain);
    } catch {
      return false;
    }
  },
};

/**
 * Checks a password against a user's hash; with no user (or no password set) it verifies against a dummy
 * hash, so unknown e-mails take as long as wrong passwords. Always false in that case.
 */
export async function checkPassword(stored: string | null | undefined, plain: string | null): Promise<boolean> {
  if (stored && plain !== null) return passwords.verify(stored, plain);
  dummyHash ??= passwords.hash(randomBytes(16).toString("hex"));
  await passwords.verify(await dummyHash, plain ?? "");
  return false;
}
