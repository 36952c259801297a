import { type ChildProcess, spawn } from "node:child_process";
import { z } from "zod";

/** One line of the server's JSON log (server/logger.ts); other lines (Next's banner, stack traces) are kept as text. */
const logLineSchema = z.looseObject({ msg: z.string(), level: z.string() });
export type LogLine = z.infer<typeof logLineSchema>;

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written so far, stdout and stderr, for failure messages. */
  output(): string;
  /** The first log line (past or future) that matches; rejects if the process exits before one does. */
  until(match: (line: LogLine) => boolean, what: string): Promise<LogLine>;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node <args>` in the project with `env` over the test runner's environment, and reads its log. */
export function startServerProcess(args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const lines: LogLine[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  const read = (stream: NodeJS.ReadableStream) => {
    let rest = "";
    stream.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      rest += chunk.toString();
      const complete = rest.split("\n");
      rest = complete.pop() ?? "";
      for (const raw of complete) {
        let value: unknown;
        try {
          value = JSON.parse(raw);
        } catch {
          continue;
        }
        const parsed = logLineSchema.safeParse(value);
        if (!parsed.success) continue;
        lines.push(parsed.data);
        for (const waiter of waiters) {
          if (waiter.match(parsed.data)) {
            waiters.delete(waiter);
            waiter.resolve(parsed.data);
          }
        }
      }
    });
  };
  read(child.stdout!);
  read(child.stderr!);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => text,
    exited,
    until(match, what) {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise<LogLine>((resolve, reject) => {
        waiters.add({ match, resolve });
        void exited.then(({ code, signal }) =>
          reject(new Error(`the server exited (${signal ?? code}) before ${what}:\n${text.slice(-4000)}`)),
        );
      });
    },
  };
}
