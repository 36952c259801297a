import fs from "node:fs";
import path from "node:path";

/** CPU time (ms) of the local Postgres server's processes, from /proc; null when there are none to read. */
export function postgresCpuMs(): number | null {
  if (!fs.existsSync("/proc")) return null;
  let ticks = 0;
  let found = false;
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
      // The postmaster (…/bin/postgres) and its children ("postgres: 15/main: …").
      if (!argv0.startsWith("postgres:") && path.basename(argv0) !== "postgres") continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      // utime + stime, and cutime + cstime: the postmaster's ended children (backends, autovacuum workers).
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      found = true;
    } catch {
      // The process ended meanwhile.
    }
  }
  // Kernel clock ticks: 100 a second on Linux.
  return found ? ticks * 10 : null;
}
