import { randomUUID } from "node:crypto";
import type { KeyValueStore, Strikes } from "../limits/key-value-store";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface BackoffRule {
  name: string;
  /** Failures that cost no wait; the first one past them waits firstWaitMs, each later one twice the last. */
  freeFailures: number;
  firstWaitMs: number;
  maxWaitMs: number;
  /** A run of failures is forgotten this long after its latest failure. */
  forgetMs: number;
}

/**
 * Sign-in back-off (README, Architecture). Past 10 failures an account waits 1 s, 2 s, 4 s … after each
 * failure, at most 15 minutes (reached at 20 failures): 22 guesses in the first hour, then 4 an hour, against
 * OWASP ASVS 4.0 2.2.1's 100 an hour. A device that signed in to the account before is backed off on its own
 * run instead (reset when it signs in), so the owner on it is not held up by an attacker elsewhere. An address
 * gets 20 free failures (one address can be many people) and is forgotten after a quiet hour (addresses change
 * hands); it is backed off whatever the device.
 */
const waits = { firstWaitMs: SECOND, maxWaitMs: 15 * MINUTE };
export const LOGIN_BACKOFF = {
  account: { name: "login-backoff:account", freeFailures: 10, ...waits, forgetMs: 24 * HOUR },
  device: { name: "login-backoff:device", freeFailures: 10, ...waits, forgetMs: 24 * HOUR },
  address: { name: "login-backoff:ip", freeFailures: 20, ...waits, forgetMs: HOUR },
} as const satisfies Record<string, BackoffRule>;

/** How long the next attempt waits after `failures` failures in a row (measured from the latest one). */
export function backoffWaitMs(rule: BackoffRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 52); // past the cap long before 2^52
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** doublings);
}

/** What is left of that wait now; 0 when an attempt may go ahead. */
export function remainingWaitMs(rule: BackoffRule, run: Strikes | null): number {
  if (!run) return 0;
  return Math.max(0, backoffWaitMs(rule, run.count) - run.sinceLastMs);
}

export interface SignInSubjects {
  /** The normalised e-mail: the account whether or not it exists (so back-off tells nothing about that). */
  email: string;
  ip: string;
  /** The device id when it signed in to this account before; it is then backed off instead of the account. */
  knownDevice: string | null;
}

export type SignInGate =
  | { open: false; retryAfterSeconds: number }
  | {
      open: true;
      /**
       * A wrong password counts against the address, the account and the known device; true when one of them
       * has just started backing off.
       */
      failed(): Promise<boolean>;
      /** The right password: the known device's run starts over (never the account's or the address's). */
      succeeded(): Promise<void>;
      close(): Promise<void>;
    };

/** A password check in flight holds its account (or known device) for at most this long if its process dies. */
const CHECK_LEASE_MS = 30_000;

function keysFor(s: SignInSubjects) {
  const account = `${LOGIN_BACKOFF.account.name}:${s.email}`;
  const device = s.knownDevice ? `${LOGIN_BACKOFF.device.name}:${s.email}:${s.knownDevice}` : null;
  return { address: `${LOGIN_BACKOFF.address.name}:${s.ip}`, account, device };
}

async function waitMs(store: KeyValueStore, keys: ReturnType<typeof keysFor>): Promise<number> {
  const [address, own] = await Promise.all([store.strikes(keys.address), store.strikes(keys.device ?? keys.account)]);
  const ownRule = keys.device ? LOGIN_BACKOFF.device : LOGIN_BACKOFF.account;
  return Math.max(remainingWaitMs(LOGIN_BACKOFF.address, address), remainingWaitMs(ownRule, own));
}

const refused = (ms: number): SignInGate => ({ open: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / SECOND)) });

/**
 * Decides, before any password work, whether a sign-in may be checked now. An open gate holds a lease so
 * that one password check at a time runs per account (or known device): parallel requests cannot spend
 * more guesses than the back-off allows. Close it when the check is done.
 */
export async function openSignInAttempt(store: KeyValueStore, subjects: SignInSubjects): Promise<SignInGate> {
  const keys = keysFor(subjects);
  const early = await waitMs(store, keys);
  if (early > 0) return refused(early);

  const leaseKey = `login-check:${keys.device ?? keys.account}`;
  const holder = randomUUID();
  if (!(await store.acquire(leaseKey, holder, 1, CHECK_LEASE_MS))) return refused(SECOND);
  // A check that finished between the first look and the lease may have added a failure.
  const late = await waitMs(store, keys);
  if (late > 0) {
    await store.release(leaseKey, holder);
    return refused(late);
  }

  const strike = async (rule: BackoffRule, key: string) =>
    (await store.strike(key, rule.forgetMs)).count === rule.freeFailures;
  return {
    open: true,
    async failed() {
      const started = await Promise.all([
        strike(LOGIN_BACKOFF.address, keys.address),
        strike(LOGIN_BACKOFF.account, keys.account),
        keys.device ? strike(LOGIN_BACKOFF.device, keys.device) : false,
      ]);
      return started.includes(true);
    },
    async succeeded() {
      if (keys.device) await store.clearStrikes(keys.device);
    },
    close: () => store.release(leaseKey, holder),
  };
}
