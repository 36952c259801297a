import { describe, expect, it } from "vitest";
import { oneAtATime } from "@/server/modules/analytics/one-at-a-time";

describe("oneAtATime", () => {
  it("runs jobs in order, each in a loop turn of its own, so callbacks queued meanwhile run between them", async () => {
    const turn = oneAtATime();
    const log: string[] = [];
    const jobs = [1, 2, 3].map((n) =>
      turn(() => {
        log.push(`job ${n}`);
        // Another request's callback, queued while this job runs: it must not wait for the jobs after this one.
        setImmediate(() => log.push(`between after ${n}`));
        return n * 10;
      }),
    );
    expect(await Promise.all(jobs)).toEqual([10, 20, 30]);
    expect(log.slice(0, 4)).toEqual(["job 1", "between after 1", "job 2", "between after 2"]);
  });

  it("rejects a job that throws and goes on with the next ones", async () => {
    const turn = oneAtATime();
    const failing = turn(() => {
      throw new Error("bad batch");
    });
    const next = turn(() => "next");
    await expect(failing).rejects.toThrow("bad batch");
    await expect(next).resolves.toBe("next");
  });
});
