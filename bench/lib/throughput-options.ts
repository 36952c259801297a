/** What bench/api-throughput.ts measures (endpoint and body) and its command-line options. */
import path from "node:path";
import { eachFlag } from "./harness";

export const ENDPOINT = "/v1/tag/list";
export const BODY = "{}";

export interface Options {
  pglite: boolean;
  duration: number;
  warmup: number;
  connections: number;
  cpuProfDir: string | undefined;
  /** Milliseconds the plain baseline keeps its list in memory (0: a query on every request). */
  plainCacheMs: number;
}

export function parseArgs(argv: string[]): Options {
  const opts: Options = {
    pglite: false,
    duration: 10,
    warmup: 2,
    connections: 50,
    cpuProfDir: undefined,
    plainCacheMs: 0,
  };
  const num = (flag: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a non-negative number`);
    return n;
  };
  eachFlag(argv, (flag, arg, value, valueIf) => {
    switch (flag) {
      case "--pglite":
        opts.pglite = true;
        break;
      case "--duration":
        opts.duration = num(flag, value());
        break;
      case "--warmup":
        opts.warmup = num(flag, value());
        break;
      case "--connections":
        opts.connections = Math.max(1, Math.round(num(flag, value())));
        break;
      case "--plain-cache":
        // Seconds; 30 is the TTL of server/modules/catalogue/catalogue-cache.ts.
        opts.plainCacheMs = Math.round(num(flag, valueIf(/^\d/) ?? "30") * 1000);
        break;
      case "--cpu-prof":
        opts.cpuProfDir = path.resolve(value() ?? "bench/profiles");
        break;
      case "--help":
      case "-h":
        process.stdout.write(
          "usage: tsx bench/api-throughput.ts [--pglite] [--duration S] [--warmup S] [--connections N] [--plain-cache [S]] [--cpu-prof DIR]\n",
        );
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument: ${arg}`);
    }
  });
  if (opts.duration <= 0) throw new Error("--duration must be > 0");
  return opts;
}
