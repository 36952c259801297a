import { afterEach, describe, expect, it, vi } from "vitest";
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

/** Sends each input in a turn of the event loop of its own, and returns their answers. */
async function sendInTurns(send: (input: string) => Promise<string>, inputs: string[]): Promise<Promise<string>[]> {
  const answers: Promise<string>[] = [];
  for (const input of inputs) {
    answers.push(send(input));
    await settle();
  }
  return answers;
}

describe("statement batches", () => {
  it("runs a request that finds a slot free at the end of its turn of the event loop, and answers it", async () => {
    const { runs, send } = heldBatches({ inFlight: 2, maxBatch: 10 });
    const answer = send("a");
    expect(runs).toEqual([]);
    await settle();
    expect(runs.map((r) => r.inputs)).toEqual([["a"]]);
    runs[0]!.end();
    expect(await answer).toBe("a!");
  });

  it("takes the requests sent in one turn together, and fills every free slot", async () => {
    const { runs, send } = heldBatches({ inFlight: 2, maxBatch: 3 });
    const answers = ["a", "b", "c", "d", "e", "f", "g"].map(send);
    await settle();
    expect(runs.map((r) => r.inputs)).toEqual([
      ["a", "b", "c"],
      ["d", "e", "f"],
    ]);
    runs[0]!.end();
    await settle();
    expect(runs[2]!.inputs).toEqual(["g"]);
    runs[1]!.end();
    runs[2]!.end();
    expect(await Promise.all(answers)).toEqual(["a!", "b!", "c!", "d!", "e!", "f!", "g!"]);
  });

  it("takes the requests that arrived while every slot was busy together, in arrival order, when a slot frees", async () => {
    const { runs, send } = heldBatches({ inFlight: 2, maxBatch: 10 });
    const answers = await sendInTurns(send, ["a", "b", "c", "d", "e"]);
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
    const answers = await sendInTurns(send, ["a", "b", "c", "d", "e"]);
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
    expect(runs.map((r) => r.inputs)).toEqual([["a1", "b1", "c1"]]);
    runs[0]!.end();
    await settle();
    expect(runs[1]!.inputs).toEqual(["a2", "b2"]);
    runs[1]!.end();
    await settle();
    expect(runs[2]!.inputs).toEqual(["a3"]);
    runs[2]!.end();
    expect(await Promise.all(answers)).toEqual(["a1!", "b1!", "a2!", "c1!", "b2!", "a3!"]);
  });

  it("fails only the request answered with an Error, and every request of a batch whose run throws; the next batch runs", async () => {
    const { runs, send } = heldBatches({ inFlight: 1, maxBatch: 10 });
    const failed = ["a", "b"].map((input) => send(input).catch((err: Error) => err.message));
    await settle();
    const next = ["c", "d", "e"].map((input) => send(input).catch((err: Error) => err.message));
    runs[0]!.fail(new Error("the statement failed"));
    expect(await Promise.all(failed)).toEqual(["the statement failed", "the statement failed"]);
    await settle();
    expect(runs[1]!.inputs).toEqual(["c", "d", "e"]);
    runs[1]!.end(["c!", new Error("d refused")]);
    expect(await Promise.all(next)).toEqual(["c!", "d refused", "statement batch: no answer for a request"]);
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
    const answers = ["a", "b", "c", "d", "e"].map((input) => send(input).then((answer) => answered.push(answer)));
    await settle();
    runs[0]!.end();
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(answered).toEqual(["a!", "b!"]);
    // Each later group is given in a turn of its own (setImmediate), before this test's own turn that follows it.
    await settle();
    expect(answered).toEqual(["a!", "b!", "c!", "d!"]);
    await settle();
    expect(answered).toEqual(["a!", "b!", "c!", "d!", "e!"]);
    await Promise.all(answers);
  });

  describe("with gatherMs", () => {
    afterEach(() => vi.useRealTimers());

    it("lets a request that finds a slot free wait that long for others, asked each time, then takes them together", async () => {
      vi.useFakeTimers();
      let gather = 25;
      const { runs, send } = heldBatches({ inFlight: 1, maxBatch: 10, gatherMs: () => gather });
      const answers = [send("a")];
      await vi.advanceTimersByTimeAsync(24);
      answers.push(send("b"));
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs.map((r) => r.inputs)).toEqual([["a", "b"]]);
      runs[0]!.end();
      expect(await Promise.all(answers)).toEqual(["a!", "b!"]);
      // Asked again for the next request that finds the slot free: 0 is the end of its turn.
      gather = 0;
      const next = send("c");
      await vi.advanceTimersByTimeAsync(0);
      expect(runs.map((r) => r.inputs)).toEqual([["a", "b"], ["c"]]);
      runs[1]!.end();
      expect(await next).toBe("c!");
    });
  });
});
