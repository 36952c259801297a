import fs from "node:fs";

/**
 * Read and write system calls a process has made so far, and the bytes its writes handed over (Linux: /proc/PID/io,
 * syscr, syscw and wchar), or null where it cannot be read.
 */
export interface SyscallCounts {
  reads: number;
  writes: number;
  bytesWritten: number;
}

export function syscallCounts(pid: number | "self"): SyscallCounts | null {
  try {
    const io = fs.readFileSync(`/proc/${pid}/io`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s*(\\d+)`, "m").exec(io)?.[1] ?? Number.NaN);
    const counts = { reads: field("syscr"), writes: field("syscw"), bytesWritten: field("wchar") };
    return Object.values(counts).every(Number.isFinite) ? counts : null;
  } catch {
    return null;
  }
}

/** What a process made between two readings; null when either is missing. */
export function syscallsBetween(before: SyscallCounts | null, after: SyscallCounts | null): SyscallCounts | null {
  if (!before || !after) return null;
  return {
    reads: after.reads - before.reads,
    writes: after.writes - before.writes,
    bytesWritten: after.bytesWritten - before.bytesWritten,
  };
}
