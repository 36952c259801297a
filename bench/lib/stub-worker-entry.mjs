// A worker thread's entry cannot be TypeScript under tsx: this registers tsx in the worker, then runs the stub's
// worker (bench/lib/stub-worker.ts).
import { register } from "tsx/esm/api";

register();
await import("./stub-worker.ts");
