import { describe, expect, it } from "vitest";
import { createGate } from "@/server/modules/chat/context-read-gate";

/** A piece of work that runs until finish() is called, recording when it started. */
function heldWork(started: number[], id: number) {
  let finish!: (value: number) => void;
  let fail!: (err: Error) => void;
  const done = new Promise<number>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    run: () => {
      started.push(id);
      return done;
    },
    finish: () => finish(id),
    fail: () => fail(new Error(`work ${id} failed`)),
  };
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the context-read gate", () => {
  it("runs at most its size at once, and the rest in arrival order", async () => {
    const gate = createGate(2);
    const started: number[] = [];
    const works = [1, 2, 3, 4, 5].map((id) => heldWork(started, id));
    const results = works.map((w) => gate(w.run));
    await settle();
    expect(started).toEqual([1, 2]);
    works[1]!.finish();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    works[0]!.finish();
    works[2]!.finish();
    await settle();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    works[3]!.finish();
    works[4]!.finish();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
  });

  it("gives the slot of a failed piece of work to the next in line, and passes the failure on", async () => {
    const gate = createGate(1);
    const started: number[] = [];
    const first = heldWork(started, 1);
    const second = heldWork(started, 2);
    const failed = gate(first.run).catch((err: Error) => err.message);
    const next = gate(second.run);
    await settle();
    expect(started).toEqual([1]);
    first.fail();
    expect(await failed).toBe("work 1 failed");
    await settle();
    expect(started).toEqual([1, 2]);
    second.finish();
    expect(await next).toBe(2);
  });
});
