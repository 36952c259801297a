import { describe, expect, it } from "vitest";
import {
  backoffWaitMs,
  LOGIN_BACKOFF,
  openSignInAttempt,
  remainingWaitMs,
  type BackoffRule,
} from "@/server/modules/accounts/login-backoff";
import { createMemoryStore } from "@/server/modules/limits/memory-store";

const rule: BackoffRule = { name: "t", freeFailures: 3, firstWaitMs: 1000, maxWaitMs: 10_000, forgetMs: 60_000 };

describe("sign-in back-off arithmetic", () => {
  it("costs nothing up to the free failures, then doubles from the first wait up to the cap", () => {
    expect([0, 1, 2].map((n) => backoffWaitMs(rule, n))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 7, 8].map((n) => backoffWaitMs(rule, n))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it("stays at the cap for any number of failures (no overflow to Infinity or NaN)", () => {
    for (const n of [60, 1100, 1e6, Number.MAX_SAFE_INTEGER]) expect(backoffWaitMs(rule, n)).toBe(10_000);
  });

  it("counts the wait from the latest failure", () => {
    expect(remainingWaitMs(rule, null)).toBe(0);
    expect(remainingWaitMs(rule, { count: 2, sinceLastMs: 0 })).toBe(0);
    expect(remainingWaitMs(rule, { count: 5, sinceLastMs: 0 })).toBe(4000);
    expect(remainingWaitMs(rule, { count: 5, sinceLastMs: 2500 })).toBe(1500);
    expect(remainingWaitMs(rule, { count: 5, sinceLastMs: 4000 })).toBe(0);
    expect(remainingWaitMs(rule, { count: 5, sinceLastMs: 90_000 })).toBe(0);
  });

  it("uses the numbers the README gives: 10 free, 1 s doubling, 15 minutes at 20; 20 free per address", () => {
    const { account, device, address } = LOGIN_BACKOFF;
    expect([9, 10, 11, 19, 20, 500].map((n) => backoffWaitMs(account, n) / 1000)).toEqual([0, 1, 2, 512, 900, 900]);
    expect(device).toMatchObject({ freeFailures: 10, maxWaitMs: 900_000, forgetMs: 86_400_000 });
    expect([19, 20, 21, 30].map((n) => backoffWaitMs(address, n) / 1000)).toEqual([0, 1, 2, 900]);
    expect(account.forgetMs).toBe(86_400_000);
    expect(address.forgetMs).toBe(3_600_000);
    // OWASP ASVS 4.0 2.2.1: at most 100 failed attempts an hour on one account, from any number of addresses.
    let t = 0;
    let failures = 0;
    while (t <= 3_600_000) {
      t += backoffWaitMs(account, failures);
      if (t <= 3_600_000) failures++;
    }
    expect(failures).toBeLessThanOrEqual(100);
    expect(failures).toBe(22);
  });
});

describe("sign-in gate", () => {
  const subjects = (over: Partial<{ email: string; ip: string; knownDevice: string | null }> = {}) => ({
    email: "ada@example.test",
    ip: "10.0.0.1",
    knownDevice: null,
    ...over,
  });

  it("lets one password check run at a time per account, and not past the back-off", async () => {
    let now = 0;
    const store = createMemoryStore(() => now);
    const first = await openSignInAttempt(store, subjects());
    const second = await openSignInAttempt(store, subjects({ ip: "10.0.0.2" }));
    expect(first.open).toBe(true);
    expect(second).toEqual({ open: false, retryAfterSeconds: 1 });
    // Another account is not held up.
    const other = await openSignInAttempt(store, subjects({ email: "bob@example.test" }));
    expect(other.open).toBe(true);
    if (other.open) await other.close();
    if (!first.open) throw new Error("unreachable");
    await first.failed();
    await first.close();

    for (let i = 1; i < 10; i++) {
      const gate = await openSignInAttempt(store, subjects({ ip: `10.0.1.${i}` }));
      if (!gate.open) throw new Error(`attempt ${i} refused`);
      await gate.failed();
      await gate.close();
    }
    expect(await openSignInAttempt(store, subjects({ ip: "10.0.2.1" }))).toEqual({ open: false, retryAfterSeconds: 1 });
    now += 999;
    expect(await openSignInAttempt(store, subjects({ ip: "10.0.2.1" }))).toEqual({ open: false, retryAfterSeconds: 1 });
    now += 1;
    expect((await openSignInAttempt(store, subjects({ ip: "10.0.2.1" }))).open).toBe(true);
  });

  it("sees a failure that another check recorded while this one was taking the lease", async () => {
    const memory = createMemoryStore(() => 0);
    const account = `${LOGIN_BACKOFF.account.name}:ada@example.test`;
    for (let i = 0; i < 9; i++) await memory.strike(account, 60_000);
    const racing = {
      ...memory,
      async acquire(key: string, holder: string, limit: number, ttlMs: number) {
        await memory.strike(account, 60_000); // the tenth failure lands just before this request's lease
        return memory.acquire(key, holder, limit, ttlMs);
      },
    };
    expect(await openSignInAttempt(racing, subjects())).toEqual({ open: false, retryAfterSeconds: 1 });
    // and the lease it took for the look was given back
    expect(await memory.acquire(`login-check:${account}`, "next", 1, 1000)).toBe(true);
  });

  it("backs a known device off on its own run, cleared when it signs in; the account's run stays", async () => {
    let now = 0;
    const store = createMemoryStore(() => now);
    const device = "a".repeat(32);
    for (let i = 0; i < 10; i++) {
      const gate = await openSignInAttempt(store, subjects({ ip: `10.0.1.${i}`, knownDevice: device }));
      if (!gate.open) throw new Error(`attempt ${i} refused`);
      expect(await gate.failed()).toBe(i === 9); // the tenth failure starts the back-off
      await gate.close();
    }
    expect(await openSignInAttempt(store, subjects({ knownDevice: device }))).toEqual({
      open: false,
      retryAfterSeconds: 1,
    });
    expect(await openSignInAttempt(store, subjects())).toEqual({ open: false, retryAfterSeconds: 1 });
    now += 1000;
    const gate = await openSignInAttempt(store, subjects({ knownDevice: device }));
    if (!gate.open) throw new Error("refused");
    await gate.succeeded();
    await gate.close();
    expect(await store.strikes(`${LOGIN_BACKOFF.device.name}:ada@example.test:${device}`)).toBeNull();
    expect((await store.strikes(`${LOGIN_BACKOFF.account.name}:ada@example.test`))?.count).toBe(10);
  });

  it("backs an address off after 20 failures whatever the account or device", async () => {
    const store = createMemoryStore(() => 0);
    for (let i = 0; i < 20; i++) {
      const gate = await openSignInAttempt(store, subjects({ email: `user${i}@example.test` }));
      if (!gate.open) throw new Error(`attempt ${i} refused`);
      await gate.failed();
      await gate.close();
    }
    const known = subjects({ email: "fresh@example.test", knownDevice: "b".repeat(32) });
    expect(await openSignInAttempt(store, known)).toEqual({ open: false, retryAfterSeconds: 1 });
    expect((await openSignInAttempt(store, { ...known, ip: "10.9.9.9" })).open).toBe(true);
  });
});
