import { describe, expect, it } from "vitest";
import { createStatementBatches, type StatementBatchOptions } from "@/server/db/statement-batches";

/** Batches whose runs wait until the test ends them; each run's inputs are recorded. */
function heldBatches(options: StatementBatchOptions<string>) {
  const runs: { inputs: string[]; end: (answers?: (string | Error)[]) => void; fail: (err: Error) => void }[] = [];
  const send = createStatementBatches(
    (inputs: string[]) =>
      new Promise<(string | Error)[]>((resolve, reject) => {
        runs.push({
          inputs,
          end: (answers) => resolve(answers ?? inputs.map((input) => `${input}!`)),
          fail: reject,
        });
      }),
    options,
  );
  return { runs, send };
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("statement batches", () => {
  it("runs a request that finds a slot free at once and alone, and answers it", async () => {
    const { runs, send } = heldBatches({ inFlight: 2, maxBatch: 10 });
    const answer = send("a");
    await settle();
    expect(runs.map((r) => r.inputs)).toEqual([["a"]]);
    runs[0]!.end();
    expect(await answer).toBe("a!");
  });

  it("takes the requests that arrived while every slot was busy together, in arrival order, when a slot frees", async () => {
    const { runs, send } = heldBatches({ inFlight: 2, maxBatch: 10 });
    const answers = ["a", "b", "c", "d", "e"].map(send);
    await settle();
    expect(runs.map((r) => r.inputs)).toEqual([["a"], ["b"]]);
    runs[1]!.end();
    await settle();
    expect(runs.map((r) => r.inputs)).toEqual([["a"], ["b"], ["c", "d", "e"]]);
    runs[0]!.end();
    runs[2]!.end();
    expect(await Promise.all(answers)).toEqual(["a!", "b!", "c!", "d!", "e!"]);
  });

  it("puts at most maxBatch requests in a batch; the rest go in the next", async () => {
    const { runs, send } = heldBatches({ inFlight: 1, maxBatch: 2 });
    const answers = ["a", "b", "c", "d", "e"].map(send);
    await settle();
    runs[0]!.end();
    await settle();
    expect(runs.map((r) => r.inputs)).toEqual([["a"], ["b", "c"]]);
    runs[1]!.end();
    await settle();
    expect(runs.map((r) => r.inputs)).toEqual([["a"], ["b", "c"], ["d", "e"]]);
    runs[2]!.end();
    expect(await Promise.all(answers)).toEqual(["a!", "b!", "c!", "d!", "e!"]);
  });

  it("never puts two requests with the same key in one batch; the later one keeps its place for the next", async () => {
    const { runs, send } = heldBatches({ inFlight: 1, maxBatch: 10, keyOf: (input) => input[0]! });
    const answers = ["a1", "b1", "a2", "c1", "b2", "a3"].map(send);
    await settle();
    runs[0]!.end();
    await settle();
    expect(runs.map((r) => r.inputs)).toEqual([["a1"], ["b1", "a2", "c1"]]);
    runs[1]!.end();
    await settle();
    expect(runs[2]!.inputs).toEqual(["b2", "a3"]);
    runs[2]!.end();
    expect(await Promise.all(answers)).toEqual(["a1!", "b1!", "a2!", "c1!", "b2!", "a3!"]);
  });

  it("fails only the request answered with an Error, and every request of a batch whose run throws; the next batch runs", async () => {
    const { runs, send } = heldBatches({ inFlight: 1, maxBatch: 10 });
    const first = send("a").catch((err: Error) => err.message);
    const inBatch = ["b", "c"].map((input) => send(input).catch((err: Error) => err.message));
    const afterIt = ["d", "e"].map((input) => send(input).catch((err: Error) => err.message));
    await settle();
    runs[0]!.fail(new Error("the statement failed"));
    expect(await first).toBe("the statement failed");
    await settle();
    expect(runs[1]!.inputs).toEqual(["b", "c", "d", "e"]);
    runs[1]!.end(["b!", new Error("c refused"), "d!"]);
    expect(await Promise.all([...inBatch, ...afterIt])).toEqual([
      "b!",
      "c refused",
      "d!",
      "statement batch: no answer for a request",
    ]);
  });

  it("fails the batch when run throws before it returns a promise, and still serves the next", async () => {
    let calls = 0;
    const send = createStatementBatches(
      (inputs: string[]) => {
        calls++;
        if (calls === 1) throw new Error("could not start");
        return Promise.resolve(inputs.map((input) => `${input}!`));
      },
      { inFlight: 1, maxBatch: 10 },
    );
    await expect(send("a")).rejects.toThrow("could not start");
    await expect(send("b")).resolves.toBe("b!");
  });

  it("answers a batch settleAtOnce at a time, each group in a turn of the event loop of its own", async () => {
    const { runs, send } = heldBatches({ inFlight: 1, maxBatch: 10, settleAtOnce: 2 });
    const answered: string[] = [];
    const answers = ["a", "b", "c", "d", "e", "f"].map((input) => send(input).then((answer) => answered.push(answer)));
    await settle();
    runs[0]!.end();
    await settle();
    expect(runs[1]!.inputs).toEqual(["b", "c", "d", "e", "f"]);
    answered.length = 0;
    runs[1]!.end();
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(answered).toEqual(["b!", "c!"]);
    // Each later group is given in a turn of its own (setImmediate), before this test's own turn that follows it.
    await settle();
    expect(answered).toEqual(["b!", "c!", "d!", "e!"]);
    await settle();
    expect(answered).toEqual(["b!", "c!", "d!", "e!", "f!"]);
    await Promise.all(answers);
  });
});
