/** Command-line options of bench/chat-relay.ts. */
import path from "node:path";
import { eachFlag, intFlag, out } from "./harness";

export interface Options {
  postgres: boolean;
  requests: number;
  warmup: number;
  streams: number;
  leaves: number;
  tokenDelayMs: number;
  long: boolean;
  streamsReply: "short" | "long";
  cpuProfDir: string | undefined;
  /** Sample the server's allocations (freed objects included) in each window into this folder. */
  allocProfDir: string | undefined;
  /** A 200-entry lorebook on the character and a full memory in every chat (issue 17's prompt). */
  lore: boolean;
  /** More than 1: the bench runs once with one server process, then with this many workers (bench/lib/chat-workers.ts). */
  workers: number;
  /** The live heap per open stream: a full collection at the concurrent part's start and once all streams are open. */
  heapAtPeak: boolean;
  /** After the concurrent part, the same streams through the relay's floor (bench/lib/relay-floor.ts). */
  floor: boolean;
  /**
   * Handles accepting for the stub beyond its own (server/http/listen-handles.ts); 0: the stub's one. Each takes one
   * connection per turn of the bench's loop: with 8, a crowd's new upstream connections waited 0.55-0.94 s (p95) in
   * the stub's accept queue, with 64 0.08-0.17 s (bench/README.md, "Issue 16, twenty-first session").
   */
  stubListenCopies: number;
  /**
   * Short replies sent at once, unmeasured, before the concurrent part (and before the floor's): a server that has
   * run a while has its hot paths compiled, and a cold one compiles them in the middle of the crowd.
   */
  warmStreams: number;
  /**
   * The concurrent part's own replies sent at once, unmeasured, after the short ones (and likewise before the
   * floor's): code a long reply runs often (its pieces) reaches V8's optimising compiler only after a few thousand
   * replies, so after short replies alone a crowd's CPU still included 30-70 functions compiled in its middle
   * (bench/README.md, "Issue 16, twenty-third session").
   */
  warmLong: number;
  /**
   * New streams a second in the concurrent part (stream-arrivals.ts); 0: all of them at once. A long reply lasts
   * about 4.6 s unloaded and longer on a busy machine, so more are in flight than rate × 4.6 s: 170 a second held
   * 1,240-1,270 in bench/README.md's runs.
   */
  arrivals: number;
  /** The stub speaks TLS (a public provider's kind of chain, bench/lib/tls-chain.ts), as a real provider does. */
  tls: boolean;
  /** The stub runs on a worker thread of its own (bench/lib/bench-stub.ts), not beside the clients. */
  stubThread: boolean;
}

export function parseArgs(argv: string[]): Options {
  const opts: Options = {
    postgres: Boolean(process.env.BENCH_DATABASE_URL),
    requests: 40,
    warmup: 5,
    streams: 200,
    leaves: 20,
    tokenDelayMs: 15,
    long: false,
    streamsReply: "long",
    cpuProfDir: undefined,
    allocProfDir: undefined,
    lore: false,
    workers: 1,
    heapAtPeak: false,
    floor: true,
    stubListenCopies: 64,
    warmStreams: 0,
    warmLong: 0,
    tls: false,
    arrivals: 0,
    stubThread: false,
  };
  eachFlag(argv, (flag, arg, value) => {
    switch (flag) {
      case "--pglite":
        opts.postgres = false;
        break;
      case "--postgres":
        opts.postgres = true;
        break;
      case "--requests":
        opts.requests = intFlag(flag, value(), 2);
        break;
      case "--warmup":
        opts.warmup = intFlag(flag, value(), 1);
        break;
      case "--streams":
        opts.streams = intFlag(flag, value(), 0);
        break;
      case "--leaves":
        opts.leaves = intFlag(flag, value(), 0);
        break;
      case "--token-delay-ms":
        opts.tokenDelayMs = intFlag(flag, value(), 0);
        break;
      case "--long":
        opts.long = true;
        break;
      case "--streams-reply": {
        const reply = value();
        if (reply !== "short" && reply !== "long") throw new Error("--streams-reply needs short or long");
        opts.streamsReply = reply;
        break;
      }
      case "--cpu-prof": {
        const dir = value();
        if (!dir) throw new Error("--cpu-prof needs a folder");
        opts.cpuProfDir = path.resolve(dir);
        break;
      }
      case "--alloc-prof": {
        const dir = value();
        if (!dir) throw new Error("--alloc-prof needs a folder");
        opts.allocProfDir = path.resolve(dir);
        break;
      }
      case "--lore":
        opts.lore = true;
        break;
      case "--workers":
        opts.workers = intFlag(flag, value(), 1);
        break;
      case "--heap-at-peak":
        opts.heapAtPeak = true;
        break;
      case "--no-floor":
        opts.floor = false;
        break;
      case "--tls":
        opts.tls = true;
        break;
      case "--stub-thread":
        opts.stubThread = true;
        break;
      case "--stub-listen-copies":
        opts.stubListenCopies = intFlag(flag, value(), 0);
        break;
      case "--arrivals":
        opts.arrivals = intFlag(flag, value(), 0);
        break;
      case "--warm-streams":
        opts.warmStreams = intFlag(flag, value(), 0);
        break;
      case "--warm-long":
        opts.warmLong = intFlag(flag, value(), 0);
        break;
      case "--help":
      case "-h":
        out(
          "usage: tsx bench/chat-relay.ts [--pglite | --postgres] [--requests 40] [--warmup 5] [--streams 200] [--leaves 20]\n" +
            "                               [--token-delay-ms 15] [--long] [--streams-reply long|short] [--cpu-prof DIR]\n" +
            "                               [--alloc-prof DIR (the server's allocations, freed ones included)]\n" +
            "                               [--workers N (Postgres only: once with 1 worker, then with N)]\n" +
            "                               [--lore (a 200-entry lorebook and a full chat memory in every prompt)]\n" +
            "                               [--heap-at-peak (live heap per open stream, after full collections)]\n" +
            "                               [--no-floor (skip the same streams through the relay alone)]\n" +
            "                               [--stub-listen-copies 64 (more handles accepting for the stub; 0: its one)]\n" +
            "                               [--stub-thread (the stub on a worker thread, not beside the clients)]\n" +
            "                               [--warm-streams N (N short replies at once, unmeasured, before the crowd)]\n" +
            "                               [--warm-long N (then N of the crowd's replies at once, unmeasured)]\n" +
            "                               [--arrivals N (the concurrent streams arrive N a second, not all at once)]",
        );
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument: ${arg}`);
    }
  });
  if (opts.workers > 1 && !opts.postgres)
    throw new Error("--workers needs --postgres: PGlite is one process's database");
  return opts;
}

/**
 * Users the server child makes, one per reply: the sequential warm-up and measured requests, the leaves, the
 * long-reply reference, the warming and the concurrent streams.
 */
export function usersNeeded(opts: Options): number {
  const reference = opts.streams > 0 && opts.streamsReply !== (opts.long ? "long" : "short") ? 1 : 0;
  const warming = opts.streams > 0 ? opts.warmStreams + opts.warmLong : 0;
  return opts.warmup + opts.requests + opts.leaves + reference + warming + opts.streams;
}

/** HTTP_LISTEN_HANDLES as the bench's children read it (unset: listenHandleCount's default). */
export function envListenHandles(): number | undefined {
  const value = process.env.HTTP_LISTEN_HANDLES;
  return value ? Number(value) : undefined;
}

/** The concurrent part's heading's note of the unmeasured replies before it. */
export function warmingNote(opts: Options): string {
  const parts = [
    opts.warmStreams ? `${opts.warmStreams} short replies at once` : "",
    opts.warmLong ? `${opts.warmLong} of its own at once` : "",
  ].filter(Boolean);
  return parts.length ? `, after ${parts.join(" then ")}, unmeasured` : "";
}
