import { DrizzleQueryError } from "drizzle-orm/errors";
import { DatabaseError } from "pg";
import { describe, expect, it } from "vitest";
import { databaseErrorMessage, isDatabaseUnavailable } from "@/server/db/database-errors";
import { retryWhileUnavailable } from "@/server/db/retry-while-unavailable";

function sqlError(code: string, message = "server error"): DatabaseError {
  const err = new DatabaseError(message, 0, "error");
  err.code = code;
  return err;
}

function systemError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

describe("isDatabaseUnavailable", () => {
  it("knows lost, refused and not-yet-accepting connections", () => {
    for (const code of ["57P01", "57P02", "57P03", "08006", "08001", "08003", "08P01", "53300"]) {
      expect(isDatabaseUnavailable(sqlError(code)), code).toBe(true);
    }
    for (const message of [
      "Connection terminated unexpectedly",
      "Client has encountered a connection error and is not queryable",
      "timeout exceeded when trying to connect",
      "timeout expired",
      "Connection terminated due to connection timeout",
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EAI_AGAIN"])
      expect(isDatabaseUnavailable(systemError(code))).toBe(true);
  });

  it("looks inside drizzle's query error and a refused connection to several addresses", () => {
    expect(
      isDatabaseUnavailable(
        new DrizzleQueryError("select 1", [], sqlError("57P01", "terminating connection due to administrator command")),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([systemError("ECONNREFUSED"), systemError("ECONNREFUSED")]))).toBe(
      true,
    );
  });

  it("leaves bad statements, broken rules and bugs alone", () => {
    for (const code of ["23505", "23514", "42P01", "42703", "40001", "57014", "22P02"])
      expect(isDatabaseUnavailable(sqlError(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError("insert", [], sqlError("23505")))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated unexpectedly")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    const loop: Error & { cause?: unknown } = new Error("loop");
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });

  it("describes an error by the driver's message, without the statement's values", () => {
    const wrapped = new DrizzleQueryError(
      "update chat_messages set content = $1",
      ["what the user wrote"],
      sqlError("57P01", "terminating connection"),
    );
    expect(databaseErrorMessage(wrapped)).toBe("terminating connection");
    expect(databaseErrorMessage(new Error("plain"))).toBe("plain");
  });
});

describe("retryWhileUnavailable", () => {
  it("tries again while the database is unavailable, and answers once it is back", async () => {
    let calls = 0;
    const retries: number[] = [];
    const result = await retryWhileUnavailable(
      async () => {
        calls += 1;
        if (calls < 3) throw sqlError("57P01");
        return "saved";
      },
      { budgetMs: 10_000, firstDelayMs: 1, onRetry: (_err, attempt) => retries.push(attempt) },
    );
    expect(result).toBe("saved");
    expect(calls).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it("throws any other error at once", async () => {
    let calls = 0;
    const failing = retryWhileUnavailable(
      async () => {
        calls += 1;
        throw sqlError("23505");
      },
      { budgetMs: 10_000, firstDelayMs: 1 },
    );
    await expect(failing).rejects.toMatchObject({ code: "23505" });
    expect(calls).toBe(1);
  });

  it("gives up with the last error once the next try would pass the budget", async () => {
    let calls = 0;
    const failing = retryWhileUnavailable(
      async () => {
        calls += 1;
        throw new Error("Connection terminated unexpectedly");
      },
      { budgetMs: 0, firstDelayMs: 1 },
    );
    await expect(failing).rejects.toThrow("Connection terminated unexpectedly");
    expect(calls).toBe(1);
  });
});
