import type { Logger } from "@/server/logger";

export interface LoggedLine {
  level: "debug" | "info" | "warn" | "error";
  msg: string;
  fields?: Record<string, unknown>;
}

export interface RecordingLogger extends Logger {
  lines: LoggedLine[];
  /** The first line (past or future) whose message includes `text`. */
  until(text: string): Promise<LoggedLine>;
  /** How many lines so far include `text`. */
  count(text: string): number;
}

/** A logger that keeps what was logged, so a test can wait for a line instead of sleeping. */
export function recordingLogger(): RecordingLogger {
  const lines: LoggedLine[] = [];
  const waiters = new Set<{ text: string; resolve: (line: LoggedLine) => void }>();
  const keep = (level: LoggedLine["level"]) => (msg: string, fields?: Record<string, unknown>) => {
    const line = { level, msg, fields };
    lines.push(line);
    for (const waiter of waiters) {
      if (!msg.includes(waiter.text)) continue;
      waiters.delete(waiter);
      waiter.resolve(line);
    }
  };
  return {
    lines,
    debug: keep("debug"),
    info: keep("info"),
    warn: keep("warn"),
    error: keep("error"),
    until(text) {
      const seen = lines.find((line) => line.msg.includes(text));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.add({ text, resolve }));
    },
    count: (text) => lines.filter((line) => line.msg.includes(text)).length,
  };
}
